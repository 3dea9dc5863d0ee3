import type { ErrorCode, Problem } from '@rehabit/contract';
import { PROBLEM_CONTENT_TYPE } from '@rehabit/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
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

export function sendProblem(reply: FastifyReply, problem: ProblemInput) {
  const body = problemBody(problem);
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** A refused body outside an HTTP request, with its field errors named as the HTTP answer names them. */
export function validationProblem(error: ZodError): Problem {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  const detail = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  return problemBody({ code: 'validation_failed', detail, errors });
}

/**
 * The problem for an error outside an HTTP request (a socket event): our own errors and the input's faults as the
 * HTTP answer would give them; anything else is the server's fault (`unexpected`), to be logged.
 */
export function problemOf(err: unknown): { problem: Problem; unexpected: boolean } {
  if (err instanceof AppError) {
    return { problem: problemBody({ code: err.code, detail: err.message, errors: err.errors }), unexpected: false };
  }
  if (isDataException(err)) return { problem: problemBody({ code: 'validation_failed' }), unexpected: false };
  if (isDatabaseUnavailable(err)) return { problem: problemBody({ code: 'database_unavailable' }), unexpected: false };
  return { problem: problemBody({ code: 'internal_error' }), unexpected: true };
}

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P03',
]);

/** Errors that mean the database cannot be reached right now: answer 503 and let the pool recover. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (e.code && (connectionErrorCodes.has(e.code) || e.code.startsWith('08'))) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
    current = e.cause;
  }
  return false;
}

/**
 * PostgreSQL's class 22 "data exception" (a NUL byte in text, a number out of range, an impossible date) is always
 * the input's fault: a safety net that answers 400 where a schema let such a value through.
 */
export function isDataException(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

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

type ErrorHandlingOptions = { onServerError?: (err: Error) => void };

function handleError(options: ErrorHandlingOptions, err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.headers) reply.headers(err.headers);
    return sendProblem(reply, { code: err.code, detail: err.message, errors: err.errors });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = fieldErrorsFromValidation(err);
    const detail = Object.entries(errors)
      .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
      .join('; ');
    return sendProblem(reply, { code: 'validation_failed', detail, errors });
  }
  const frameworkCode = err.code ? frameworkCodes[err.code] : undefined;
  if (frameworkCode) return sendProblem(reply, { code: frameworkCode, detail: err.message });
  if (isDataException(err)) {
    request.log.info({ err }, 'input refused by the database');
    return sendProblem(reply, {
      code: 'validation_failed',
      detail: 'A value in the request is not valid (out of range or containing forbidden characters)',
    });
  }
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err }, 'database unavailable');
    reply.header('Retry-After', '5');
    return sendProblem(reply, { code: 'database_unavailable' });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const code: ErrorCode = err.statusCode === 429 ? 'rate_limited' : 'validation_failed';
    return sendProblem(reply, { code, status: err.statusCode, detail: err.message });
  }
  request.log.error({ err }, 'unhandled error');
  options.onServerError?.(err);
  return sendProblem(reply, { code: 'internal_error' });
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}) {
  app.setErrorHandler((err: FastifyError, request, reply) => handleError(options, err, request, reply));
}
