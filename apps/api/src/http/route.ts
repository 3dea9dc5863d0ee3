import { can, type Endpoint, type FileAnswer, fileContentTypes, type Schema } from '@rehabit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../db/scope.ts';
import { type AuditLog, type AuditTrail, withAuditTrail } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { type RequestContext, requestContext } from './request-context.ts';

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** What a handler is given: the checked input, the caller (always there unless the endpoint is public) and where the request came from. */
export type RouteInput<E extends Endpoint> = {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  actor: E['access'] extends 'public' ? Actor | null : Actor;
  ctx: RequestContext;
  /** Answers with another of the endpoint's statuses of success than its usual one. */
  answerWith: (status: NonNullable<E['alsoAnswers']>[number]) => void;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** What a handler answers: a file endpoint's file, nothing for 204, otherwise the response schema's input. */
type Answer<E extends Endpoint> = E['file'] extends string
  ? FileAnswer
  : E['status'] extends 204
    ? undefined
    : z.input<E['response']>;

/** A file name safe in a header and on any disk: letters, digits, dots, dashes and underscores. */
const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'download';

/** The response of each success status: JSON by its schema, or a file of the endpoint's format (for the OpenAPI). */
function responseSchemas(endpoint: Endpoint) {
  const schema = endpoint.file
    ? {
        description: 'A file, sent as an attachment',
        content: { [fileContentTypes[endpoint.file].split(';')[0]!]: { schema: endpoint.response } },
      }
    : endpoint.response;
  return Object.fromEntries([endpoint.status, ...(endpoint.alsoAnswers ?? [])].map((status) => [status, schema]));
}

/** Extra route options some endpoints need (rate limits, body size, content types), never schemas or access. */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preHandler'>;

/**
 * Refuses the call unless the caller may make it (401 signed out, 403 wrong role), before its body is parsed or its
 * input validated, so a refused caller learns nothing of what the endpoint expects (decision 1271).
 */
function checkAccess(endpoint: Pick<Endpoint, 'access'>, actor: Actor | null): void {
  if (endpoint.access === 'public') return;
  if (!actor) throw new AppError('unauthenticated');
  if (endpoint.access !== 'signed-in' && !can(actor.role, endpoint.access)) throw new AppError('forbidden');
}

/**
 * After a successful call of an audited endpoint: a read the service did not audit itself is audited here; a
 * change must have been audited by its service (inside its transaction where it has one). One that was not is a
 * defect: outside production it fails the call, so tests see it; in production the row is written late and logged.
 */
async function ensureAudited(
  audit: AuditLog,
  endpoint: Endpoint,
  request: FastifyRequest,
  trail: AuditTrail,
): Promise<void> {
  const spec = endpoint.audit;
  if (!spec) return;
  const action = 'read' in spec ? spec.read : spec.change;
  if (trail.audited.has(action) || ('change' in spec && trail.owesNoRow)) return;
  const route = `${endpoint.method} ${endpoint.path}`;
  const event = {
    action,
    outcome: 'success' as const,
    actorUserId: request.actor?.id ?? null,
    clinicId: request.actor?.clinicId ?? null,
    ip: request.ip ?? null,
    detail: { route, params: request.params },
  };
  if ('read' in spec) return audit.record(event);
  if (process.env.NODE_ENV !== 'production')
    throw new Error(`${route} answered a change without its audit row (${action})`);
  request.log.error({ route, action }, 'a change answered without its audit row; written late');
  await audit.record({ ...event, detail: { ...event.detail, late: true } });
}

/**
 * Registers an endpoint of the contract: its access is checked first, its schemas then validate the request and
 * serialize the answer, and its success status is sent. The handler only maps the call to a service.
 * An endpoint declaring a `file` format answers the handler's `{ filename, content }` as an attachment of that
 * content type instead of JSON, after the same checks and the same audit.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<Answer<E>> | Answer<E>,
  options: RouteOptions = {},
): void {
  const extraPreHandlers = options.preHandler ? [options.preHandler].flat() : [];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.config,
    bodyLimit: options.bodyLimit,
    schema: {
      tags: [endpoint.tag],
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: responseSchemas(endpoint),
    },
    // Before the body is read or anything is validated: a caller who may not make the call learns only that.
    onRequest: async (request: FastifyRequest) => checkAccess(endpoint, request.actor),
    preHandler: extraPreHandlers,
    handler: async (request, reply) => {
      let status: number = endpoint.status;
      const call = async () =>
        handler({
          params: request.params,
          query: request.query,
          body: request.body,
          actor: request.actor,
          ctx: requestContext(request),
          answerWith: (other: number) => {
            status = other;
          },
          request,
          reply,
        } as RouteInput<E>);
      const { result: answer, trail } = endpoint.audit
        ? await withAuditTrail(call)
        : { result: await call(), trail: undefined };
      if (trail) await ensureAudited(app.audit, endpoint, request, trail);
      if (reply.sent) return reply;
      if (status === 204) return reply.code(204).send();
      if (endpoint.file) {
        const file = answer as FileAnswer;
        return reply
          .code(status)
          .header('content-type', fileContentTypes[endpoint.file])
          .header('content-disposition', `attachment; filename="${safeFilename(file.filename)}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      }
      return reply.code(status).send(answer);
    },
  });
}
