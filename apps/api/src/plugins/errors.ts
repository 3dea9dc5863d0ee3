import type { ErrorCode, Problem } from '@rehabit/contract';
import { PROBLEM_CONTENT_TYPE } from '@rehabit/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../lib/database-unavailable.ts';
import { AppError, type FieldErrors, problemStatus, problemTitle } from '../lib/errors.ts';

type ProblemInput = { code: ErrorCode; status?: number; detail?: string; errors?: FieldErrors };

/** The problem+json body of an error answer. */
export function problemBody(problem: ProblemInput): Problem {
  const status = problem.status ?? problemStatus(problem.code);
  return {
    type: `about:blank#${problem.code}`,
    title: problemTitle(problem.code),
    status,
    detail: problem.detail ?? problemTitle(problem.code),
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
}

const sendBody = (reply: FastifyReply, body: Problem) => reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);

export function sendProblem(reply: FastifyReply, problem: ProblemInput) {
  return sendBody(reply, problemBody(problem));
}

/** Field errors in one sentence, the detail of a refused input. */
const detailOf = (errors: FieldErrors) =>
  Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');

/** A refused request body: its field errors, and all of them in one sentence as the detail. */
const validationFailed = (errors: FieldErrors): Problem =>
  problemBody({ code: 'validation_failed', detail: detailOf(errors), errors });

/**
 * Input a schema refused, as the error answered for it: each field's messages under its dotted name, or under the
 * part of the input (`params`, `querystring`, `body`) when the whole part is wrong, as Fastify names them.
 */
export function invalidInput(error: z.core.$ZodError, part: string): AppError {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || part;
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return new AppError('validation_failed', detailOf(errors), { errors });
}

/**
 * Whose fault an error is: ours to explain (an AppError), the input's, a race lost to another request, an unreachable
 * database, or unexpected.
 */
export type Fault = 'explained' | 'input' | 'race' | 'database_unavailable' | 'unexpected';

/**
 * The problem an error is answered with, over HTTP or a socket. `unexpected` errors are the server's fault and are
 * answered with `internal_error`, to be logged by the caller.
 */
export function problemOf(err: unknown): { problem: Problem; fault: Fault } {
  if (err instanceof AppError) {
    return { problem: problemBody({ code: err.code, detail: err.message, errors: err.errors }), fault: 'explained' };
  }
  if (isDataException(err)) {
    const detail = 'A value in the request is not valid (out of range or containing forbidden characters)';
    return { problem: problemBody({ code: 'validation_failed', detail }), fault: 'input' };
  }
  if (isUniqueViolation(err)) {
    const detail = 'Another request saved the same details a moment ago; reload to see them';
    return { problem: problemBody({ code: 'conflict', detail }), fault: 'race' };
  }
  if (isDatabaseUnavailable(err)) {
    return { problem: problemBody({ code: 'database_unavailable' }), fault: 'database_unavailable' };
  }
  return { problem: problemBody({ code: 'internal_error' }), fault: 'unexpected' };
}

/**
 * PostgreSQL's class 22 "data exception" (a NUL byte in text, a number out of range, an impossible date) is always
 * the input's fault: a safety net that answers 400 where a schema let such a value through.
 */
/** Whether the PostgreSQL error code (SQLSTATE) of an error, or of one of its causes, matches. */
function sqlStateOf(err: unknown, matches: (code: string) => boolean): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && matches(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Class 22: a value PostgreSQL cannot store (out of range, a NUL character, an impossible date). */
export const isDataException = (err: unknown) => sqlStateOf(err, (code) => /^22[0-9A-Z]{3}$/.test(code));

/**
 * 23505: a unique index refused a row. Services check first and answer their own 409; this is two requests racing
 * past that check at once, and the loser is told the same, not that the server failed.
 */
const isUniqueViolation = (err: unknown) => sqlStateOf(err, (code) => code === '23505');

function fieldErrorsFromValidation(err: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const errors: FieldErrors = {};
  for (const issue of err.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body');
    errors[key] = [...(errors[key] ?? []), issue.message ?? 'Invalid value'];
  }
  return errors;
}

const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

type ZodDef = {
  type?: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
};
const defOf = (schema: unknown) => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** The zod schema of the given kind inside wrappers (optional, default, preprocess, transform). */
function unwrap(schema: unknown, type: 'object' | 'array', depth = 0): ZodDef | undefined {
  const def = defOf(schema);
  if (!def || depth > 6) return undefined;
  if (def.type === type) return def;
  for (const inner of [def.innerType, def.in, def.out]) {
    const found = inner === undefined ? undefined : unwrap(inner, type, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Dotted names of the fields a value has, as its schema declares them (array elements by their field names). */
function declaredNames(schema: unknown, value: unknown, prefix: string, names: Set<string>, depth = 0) {
  if (depth > 4 || names.size >= 60 || value === null || typeof value !== 'object') {
    if (prefix) names.add(prefix);
    return;
  }
  if (Array.isArray(value)) {
    const element = unwrap(schema, 'array')?.element;
    if (!element) return void (prefix && names.add(prefix));
    for (const item of value.slice(0, 20)) declaredNames(element, item, prefix, names, depth + 1);
    return;
  }
  const shape = unwrap(schema, 'object')?.shape;
  if (!shape) return void (prefix && names.add(prefix));
  for (const key of Object.keys(shape)) {
    if (!(key in value)) continue;
    declaredNames(
      shape[key],
      (value as Record<string, unknown>)[key],
      prefix ? `${prefix}.${key}` : key,
      names,
      depth + 1,
    );
  }
}

/**
 * The names of the fields a request sent in its query string and body, taken from the route's schema so that a
 * name is always the code's, never a value (a key a client made up is not named).
 */
export function requestFieldNames(request: FastifyRequest): string[] {
  const schema = request.routeOptions.schema as { querystring?: unknown; body?: unknown } | undefined;
  const names = new Set<string>();
  if (schema?.querystring) declaredNames(schema.querystring, request.query, 'query', names);
  if (schema?.body) declaredNames(schema.body, request.body, 'body', names);
  return [...names];
}

type ErrorHandlingOptions = { onServerError?: (err: Error) => void };

function handleError(options: ErrorHandlingOptions, err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return sendBody(reply, validationFailed(fieldErrorsFromValidation(err)));
  }
  const frameworkCode = err.code ? frameworkCodes[err.code] : undefined;
  if (frameworkCode) return sendProblem(reply, { code: frameworkCode, detail: err.message });
  const { problem, fault } = problemOf(err);
  if (err instanceof AppError && err.headers) reply.headers(err.headers);
  // Logged by route and field names: the values are the patient's (decision 0505); `err` is serialized safely.
  const route = { method: request.method, route: request.routeOptions.url ?? 'unmatched' };
  if (fault === 'input') {
    request.log.info({ err, ...route, fields: requestFieldNames(request) }, 'input refused by the database');
  }
  if (fault === 'race') {
    // A warning with the index's name: a service that checks first should rarely get here, and often means a bug.
    request.log.warn({ err, ...route }, 'a unique index refused the request');
  }
  if (fault === 'database_unavailable') {
    request.log.warn({ err, ...route }, 'database unavailable');
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  }
  if (fault !== 'unexpected') return sendBody(reply, problem);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const code: ErrorCode = err.statusCode === 429 ? 'rate_limited' : 'validation_failed';
    return sendProblem(reply, { code, status: err.statusCode, detail: err.message });
  }
  request.log.error({ err, ...route }, 'unhandled error');
  options.onServerError?.(err);
  return sendProblem(reply, { code: 'internal_error' });
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}) {
  app.setErrorHandler((err: FastifyError, request, reply) => handleError(options, err, request, reply));
}
