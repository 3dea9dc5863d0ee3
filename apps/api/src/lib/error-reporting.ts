import * as Sentry from '@sentry/node';
import { reportableError, safeMessage } from './log-errors.ts';

/**
 * Sentry when a DSN is configured. What is sent is the error made safe (class, code, frames, a message without
 * values; decision 0505), never the error itself, whose properties may hold a statement's parameters. Request
 * bodies, cookies, headers, query strings and the user's address never leave (they may carry PHI), in errors or
 * in the sampled traces.
 */
export function startErrorReporting(
  dsn: string | undefined,
  options: Pick<Sentry.NodeOptions, 'transport'> = {},
): ((err: Error) => void) | undefined {
  if (!dsn) return undefined;
  Sentry.init({
    dsn,
    tracesSampleRate: 0.1,
    includeLocalVariables: false,
    // Sentry collects all of these by default: bound query parameters, bodies, local variables, headers, queries.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
      queues: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
    },
    ...options,
    beforeSend: scrubEvent,
    beforeSendSpan: scrubSpan,
  });
  return (err) => Sentry.captureException(reportableError(err));
}

/** The last check on every event: whatever reached it, only names and messages without values are sent. */
export function scrubEvent<T extends Sentry.Event>(event: T): T {
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    delete event.request.headers;
    delete event.request.query_string;
  }
  delete event.user;
  delete event.extra;
  if (event.message) event.message = safeMessage(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = safeMessage(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs.map(({ data: _data, message, ...crumb }) => ({
      ...crumb,
      ...(message ? { message: safeMessage(message) } : {}),
    }));
  }
  return event;
}

const withoutQuery = (text: string) => text.replace(/\?[^\s]*/g, '');

/** Traces keep their routes and timings; query strings (search terms are names) are dropped from them. */
export function scrubSpan<T extends { name: string; attributes?: Record<string, unknown> }>(span: T): T {
  span.name = withoutQuery(span.name);
  for (const [key, value] of Object.entries(span.attributes ?? {})) {
    if (/(^|\.)query$|query_string|request\.body|header|cookie|user/i.test(key)) delete span.attributes![key];
    else if (typeof value === 'string' && /^(https?:\/\/|\/)/.test(value)) span.attributes![key] = withoutQuery(value);
  }
  return span;
}
