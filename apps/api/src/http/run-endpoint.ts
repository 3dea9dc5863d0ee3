import { can, type Endpoint, type Problem, type Schema, type SocketOnlyCall } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../db/scope.ts';
import { type AuditLog, type AuditTrail, withAuditTrail } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import type { Caller } from '../modules/data-access.ts';
import { type Fault, invalidInput, problemOf } from '../plugins/errors.ts';
import type { RequestContext } from './request-context.ts';

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** What the pipeline serves: an endpoint (over HTTP, or the socket as its twin), or a call only the socket takes. */
type Served = Endpoint | SocketOnlyCall;
type PartOf<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]?: infer S } ? S : undefined;

/** A call's input as it arrived, over HTTP or the socket: not yet checked. */
export type RawInput = { params?: unknown; query?: unknown; body?: unknown };

/**
 * A call's input once its endpoint's schemas accepted it, and its caller with their data access (there unless the
 * endpoint is public).
 */
export type CheckedInput<E extends Served> = {
  params: Parsed<PartOf<E, 'params'>>;
  query: Parsed<PartOf<E, 'query'>>;
  body: Parsed<PartOf<E, 'body'>>;
  actor: E['access'] extends 'public' ? Caller | null : Caller;
};

/** One call of an endpoint: who makes it (null: no live session), what it sent, from where. */
export type EndpointCall = {
  actor: Caller | null;
  input: RawInput;
  ctx: RequestContext;
  /** The audit log, for a read's row the service left to the pipeline and a change's row written late. */
  audit: AuditLog;
  log: FastifyBaseLogger;
};

/** What a call comes to: the handler's answer, or the problem to answer instead (and the error it was made of). */
export type EndpointOutcome<A> = { answer: A } | { problem: Problem; fault: Fault; error: unknown };

/**
 * Refuses the call unless the caller may make it: 401 without a live session, 403 when the permission table gives
 * the endpoint's action to another role.
 */
export function checkAccess(endpoint: Pick<Served, 'access'>, actor: Actor | null): void {
  if (endpoint.access === 'public') return;
  if (!actor) throw new AppError('unauthenticated');
  if (endpoint.access !== 'signed-in' && !can(actor.role, endpoint.access)) throw new AppError('forbidden');
}

/** One part of the input checked by its schema, named as HTTP names it when the whole part is wrong. */
function checked(schema: Schema | undefined, value: unknown, part: 'params' | 'querystring' | 'body') {
  if (!schema) return undefined;
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalidInput(result.error, part);
  return result.data;
}

/** Path parameters, then body, then query: the order Fastify checked them in, the first refused part answered. */
function checkInput<E extends Served>(endpoint: E, input: RawInput, actor: Caller | null): CheckedInput<E> {
  const params = 'params' in endpoint ? checked(endpoint.params, input.params, 'params') : undefined;
  const body = checked(endpoint.body, input.body, 'body');
  const query = 'query' in endpoint ? checked(endpoint.query, input.query, 'querystring') : undefined;
  return { params, query, body, actor } as CheckedInput<E>;
}

/**
 * Whether a successful call owes its change's row: always, unless its endpoint is audited once per session and the
 * call is a beat of the session (its body does not name the field that ends it).
 */
function owesChangeRow(endpoint: Served, body: unknown): boolean {
  const spec = endpoint.audit;
  if (!spec || !('change' in spec) || !spec.oncePerSession) return true;
  return (body as Record<string, unknown> | undefined)?.[spec.oncePerSession.endedBy] !== undefined;
}

/** A defect of the audit: outside production it fails the call, so tests see it; in production it is logged. */
function auditDefect(log: FastifyBaseLogger, route: string, action: string, defect: string) {
  if (process.env.NODE_ENV !== 'production') throw new Error(`${route} ${defect} (${action})`);
  log.error({ route, action }, defect);
}

/**
 * After a successful call of an audited endpoint: a read the service did not audit itself is audited here; a
 * change must have been audited by its service (inside its transaction where it has one), and a beat of a session
 * audited once per session must not have been. A change without its row is a defect: written late in production.
 */
async function ensureAudited(call: EndpointCall, endpoint: Served, input: CheckedInput<Served>, trail: AuditTrail) {
  const spec = endpoint.audit;
  if (!spec) return;
  const action = 'read' in spec ? spec.read : spec.change;
  const route = 'event' in endpoint ? `socket ${endpoint.event}` : `${endpoint.method} ${endpoint.path}`;
  if ('change' in spec && !owesChangeRow(endpoint, input.body)) {
    if (trail.audited.has(action)) auditDefect(call.log, route, action, 'audited a beat of a session audited once');
    return;
  }
  if (trail.audited.has(action) || ('change' in spec && trail.changedNothing)) return;
  const event = {
    action,
    outcome: 'success' as const,
    actorUserId: call.actor?.id ?? null,
    clinicId: call.actor?.clinicId ?? null,
    ip: call.ctx.ip,
    // The path parameters as checked; as sent when the endpoint declares none (over HTTP, an empty object).
    detail: { route, params: input.params ?? call.input.params },
  };
  if ('read' in spec) return call.audit.record(event);
  auditDefect(call.log, route, action, 'answered a change without its audit row');
  await call.audit.record({ ...event, detail: { ...event.detail, late: true } });
}

/**
 * The one way a call of the contract is served, over HTTP (`route`) or the socket: the caller's access is checked,
 * then the input by the endpoint's schemas; the handler runs inside the call's audit trail, which is then checked
 * against the endpoint's audit; the outcome is the handler's answer or the problem to answer instead. The
 * transports only carry it: a status and headers, or an acknowledgement.
 */
export async function runEndpoint<E extends Served, A>(
  endpoint: E,
  call: EndpointCall,
  handler: (input: CheckedInput<E>) => Promise<A> | A,
): Promise<EndpointOutcome<A>> {
  try {
    checkAccess(endpoint, call.actor);
    const input = checkInput(endpoint, call.input, call.actor);
    if (!endpoint.audit) return { answer: await handler(input) };
    const { result, trail } = await withAuditTrail(async () => handler(input));
    await ensureAudited(call, endpoint, input as CheckedInput<Served>, trail);
    return { answer: result };
  } catch (error) {
    return { ...problemOf(error), error };
  }
}
