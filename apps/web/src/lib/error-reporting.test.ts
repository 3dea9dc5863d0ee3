import { beforeEach, describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: vi.fn((options: unknown) => ({ name: 'Replay', options })),
}));
// The third-party SDK is replaced; our own module runs as it is.
vi.mock('@sentry/react', () => sentry);

import { ignoredErrors, initErrorReporting, reportError } from './error-reporting.ts';

describe('error reporting', () => {
  beforeEach(() => vi.clearAllMocks());

  it('stays off without a DSN', async () => {
    await expect(initErrorReporting(undefined)).resolves.toBe(false);
    expect(sentry.init).not.toHaveBeenCalled();
  });

  it('starts with the product rates, masked replay and the noise filter', async () => {
    await expect(initErrorReporting('https://key@errors.example.com/1')).resolves.toBe(true);
    expect(sentry.replayIntegration).toHaveBeenCalledWith({ maskAllText: true, blockAllMedia: true });
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@errors.example.com/1',
        tracesSampleRate: 0.1,
        replaysSessionSampleRate: 1,
        replaysOnErrorSampleRate: 1,
        ignoreErrors: ignoredErrors,
      }),
    );
    const error = new Error('boom');
    reportError(error);
    expect(sentry.captureException).toHaveBeenCalledWith(error);
  });

  it.each([
    ['Script error.', true],
    ['ResizeObserver loop completed with undelivered notifications.', true],
    ['ResizeObserver loop limit exceeded', true],
    ['TypeError: x is undefined', false],
  ])('filters %s → %s', (message, isIgnored) => {
    expect(ignoredErrors.some((pattern) => pattern.test(message))).toBe(isIgnored);
  });
});
