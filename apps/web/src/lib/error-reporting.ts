import { env } from '../config/env.ts';

type Reporter = { captureException: (error: unknown) => unknown };

let reporter: Reporter | undefined;

/** Browser noise that says nothing about our code (decision 1312). */
export const ignoredErrors = [/Script error\.?/i, /ResizeObserver loop/i];

/**
 * Starts error reporting only when a DSN is configured. The library is loaded on demand so it does
 * not weigh on the first screen.
 */
export async function initErrorReporting(dsn = env.sentryDsn): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    environment: env.sentryEnvironment,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }),
    ],
    tracesSampleRate: 0.1,
    replaysSessionSampleRate: 1,
    replaysOnErrorSampleRate: 1,
    ignoreErrors: ignoredErrors,
  });
  reporter = Sentry;
  return true;
}

/** Sends an error when reporting is on; otherwise it is only logged. */
export function reportError(error: unknown) {
  if (reporter) reporter.captureException(error);
  else console.error(error);
}
