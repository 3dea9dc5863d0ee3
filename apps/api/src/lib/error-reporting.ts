import * as Sentry from '@sentry/node';

/** Sentry when a DSN is configured; request bodies, cookies and headers never leave (they may carry PHI). */
export function startErrorReporting(dsn: string | undefined): ((err: Error) => void) | undefined {
  if (!dsn) return undefined;
  Sentry.init({
    dsn,
    tracesSampleRate: 0.1,
    beforeSend(event) {
      if (event.request) {
        delete event.request.data;
        delete event.request.cookies;
        delete event.request.headers;
        delete event.request.query_string;
      }
      return event;
    },
  });
  return (err) => Sentry.captureException(err);
}
