import { DEFAULT_RESTRICTED_CLINIC_CODE } from '@rehabit/contract';
import { z } from 'zod/mini';

const blankToUndefined = z.pipe(
  z.optional(z.string().check(z.trim())),
  z.transform((value: string | undefined) => (value ? value : undefined)),
);
const optionalUrl = z.pipe(blankToUndefined, z.optional(z.url({ error: 'must be a full address, e.g. https://…' })));

const envSchema = z.object({
  // Empty means the API is served from the page's own origin (the production set-up).
  VITE_API_URL: optionalUrl,
  VITE_SENTRY_DSN: optionalUrl,
  VITE_SENTRY_ENVIRONMENT: blankToUndefined,
  VITE_RESTRICTED_CLINIC_CODE: blankToUndefined,
});

/** Parsed once at start; a bad variable stops the app with every problem named. */
function parseEnv(source: Record<string, unknown>) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    apiUrl: (env.VITE_API_URL ?? '').replace(/\/+$/, ''),
    sentryDsn: env.VITE_SENTRY_DSN,
    sentryEnvironment: env.VITE_SENTRY_ENVIRONMENT ?? import.meta.env.MODE,
    restrictedClinicCode: env.VITE_RESTRICTED_CLINIC_CODE ?? DEFAULT_RESTRICTED_CLINIC_CODE,
  };
}

export const env = parseEnv(import.meta.env);
