import type { ErrorCode } from '@rehabit/contract';

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_token: 400,
  // A phone code that had too many wrong tries: dead, a new one must be sent.
  code_used_up: 400,
  weak_password: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  approval_pending: 403,
  approval_rejected: 403,
  access_revoked: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  account_locked: 429,
  rate_limited: 429,
  internal_error: 500,
  // The mail server refused or could not be reached: someone else's failure, worth a retry later.
  delivery_failed: 502,
  database_unavailable: 503,
};

const titleByCode: Record<ErrorCode, string> = {
  validation_failed: 'The request has invalid fields',
  invalid_token: 'The link or token is invalid or has expired',
  code_used_up: 'The code had too many wrong tries',
  weak_password: 'The password is too weak',
  invalid_credentials: 'The e-mail or password is incorrect',
  unauthenticated: 'Sign in to continue',
  approval_pending: 'The account is waiting for approval',
  approval_rejected: 'The account was not approved',
  access_revoked: 'Access to this account has been removed',
  forbidden: 'You are not allowed to do this',
  not_found: 'Not found',
  conflict: 'The request conflicts with existing data',
  payload_too_large: 'The request body is too large',
  unsupported_media_type: 'Unsupported content type',
  account_locked: 'Too many failed attempts',
  rate_limited: 'Too many requests',
  internal_error: 'Something went wrong on our side',
  database_unavailable: 'The service is temporarily unavailable',
  delivery_failed: 'The e-mail could not be sent',
};

export type FieldErrors = Record<string, string[]>;

/** The one error type of the API: a code that maps to an HTTP status and a problem+json body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail?: string,
    options: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? titleByCode[code]);
    this.code = code;
    this.status = statusByCode[code];
    this.title = titleByCode[code];
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const notFound = (what = 'resource') => new AppError('not_found', `No such ${what}`);
export const forbidden = (detail?: string) => new AppError('forbidden', detail);
/** A refusal that names the field at fault: bad input by default, or e.g. a `conflict` with existing data. */
export const fieldError = (field: string, message: string, code: ErrorCode = 'validation_failed') =>
  new AppError(code, message, { errors: { [field]: [message] } });

export const problemTitle = (code: ErrorCode) => titleByCode[code];
export const problemStatus = (code: ErrorCode) => statusByCode[code];
