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
