import { type Endpoint, type FileAnswer, type FileFormat, fileContentTypes } from '@rehabit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../modules/data-access.ts';
import { type RequestContext, requestContext } from './request-context.ts';
import { type CheckedInput, checkAccess, runEndpoint } from './run-endpoint.ts';

/** What a handler is given: the checked input, the caller (always there unless the endpoint is public) and where the request came from. */
export type RouteInput<E extends Endpoint> = CheckedInput<E> & {
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

/** The content type of a file answer: a text file says it is UTF-8. */
const contentTypeOf = (format: FileFormat) => {
  const type = fileContentTypes[format];
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
};

/** The response of each success status: JSON by its schema, or a file of the endpoint's format (for the OpenAPI). */
function responseSchemas(endpoint: Endpoint) {
  const schema = endpoint.file
    ? {
        description: 'A file, sent as an attachment',
        content: { [fileContentTypes[endpoint.file]]: { schema: endpoint.response } },
      }
    : endpoint.response;
  return Object.fromEntries([endpoint.status, ...(endpoint.alsoAnswers ?? [])].map((status) => [status, schema]));
}

/** Extra route options some endpoints need (rate limits, body size, content types), never schemas or access. */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preHandler'>;

/** Fastify's own check of the input is left to the pipeline: the schemas stay on the route for the OpenAPI. */
const inputCheckedByThePipeline = () => (value: unknown) => ({ value });

/**
 * Registers an endpoint of the contract, served by the endpoint pipeline (`runEndpoint`: access, input, audit,
 * answer or problem); its response schema serializes the answer, sent with its success status. The handler only
 * maps the call to a service.
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
    validatorCompiler: inputCheckedByThePipeline,
    schema: {
      tags: [endpoint.tag],
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: responseSchemas(endpoint),
    },
    // Before the body is read (the pipeline asks again, as it does for the socket): a caller who may not make the
    // call learns only that, and an oversized or unreadable body of theirs is not even read (decision 1271).
    onRequest: (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        checkAccess(endpoint, request.actor);
      } catch (error) {
        return done(error as Error);
      }
      done();
    },
    preHandler: extraPreHandlers,
    handler: async (request, reply) => {
      let status: number = endpoint.status;
      const call = {
        // The caller's data access is built here, once for the call, from their scope (decision 1345).
        actor: request.actor && callerOf(app.db, request.actor),
        input: { params: request.params, query: request.query, body: request.body },
        ctx: requestContext(request),
        audit: app.audit,
        log: request.log,
      };
      const outcome = await runEndpoint(endpoint, call, (input) =>
        handler({
          ...input,
          ctx: call.ctx,
          answerWith: (other: number) => {
            status = other;
          },
          request,
          reply,
        } as RouteInput<E>),
      );
      // The error handler answers the problem, with its headers and its log line.
      if ('problem' in outcome) throw outcome.error;
      const answer = outcome.answer;
      if (reply.sent) return reply;
      if (status === 204) return reply.code(204).send();
      if (endpoint.file) {
        const file = answer as FileAnswer;
        // An image is shown where it is asked for, with the type its handler names (decision 1430).
        const image = endpoint.file === 'image';
        if (image && !file.type?.startsWith('image/'))
          throw new Error(`${endpoint.path}: an image answer needs its type`);
        return reply
          .code(status)
          .header('content-type', image ? file.type! : contentTypeOf(endpoint.file))
          .header(
            'content-disposition',
            `${image ? 'inline' : 'attachment'}; filename="${safeFilename(file.filename)}"`,
          )
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.content);
      }
      return reply.code(status).send(answer);
    },
  });
}
