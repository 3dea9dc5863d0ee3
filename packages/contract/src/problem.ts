import { z } from 'zod/mini';

/** RFC 9457 problem details, the body of every error answer. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  code: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * A wait as people say it: "42 seconds" up to a minute and a half, then minutes up to an hour and a half, then hours,
 * always rounded up, so waiting that long is enough. The API's messages and the patient app's translations both
 * tell a `Retry-After` this way (decision 1295).
 */
export function waitInUnits(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole <= 90) return { unit: 'seconds', count: whole };
  if (whole <= 90 * 60) return { unit: 'minutes', count: Math.ceil(whole / 60) };
  return { unit: 'hours', count: Math.ceil(whole / 3600) };
}

/** Stable machine-readable error codes shared by API and web. */
export const errorCodes = [
  'validation_failed',
  'invalid_credentials',
  'approval_pending',
  'approval_rejected',
  'access_revoked',
  'account_locked',
  'rate_limited',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_token',
  'code_used_up',
  'weak_password',
  'database_unavailable',
  'delivery_failed',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
