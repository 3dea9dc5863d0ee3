import type { Config } from '../config.ts';

/** A strict policy: our own scripts only; styles inline because toasts inject theirs at run time. */
export function contentSecurityPolicy(config: Pick<Config, 'SENTRY_DSN' | 'CORS_ORIGINS'>) {
  const connect = ["'self'", ...config.CORS_ORIGINS];
  if (config.SENTRY_DSN) connect.push(new URL(config.SENTRY_DSN).origin);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
