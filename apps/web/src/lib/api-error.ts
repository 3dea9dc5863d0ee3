import { type Problem, problemSchema } from '@rehabit/contract';

/** Every failed call becomes one of these, carrying the server's problem details (RFC 9457). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly type: string;
  readonly errors: Record<string, string[]>;
  /** How long the server asked to wait before trying again (`Retry-After`), when it said so in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(problem: Problem, retryAfterSeconds?: number) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.type = problem.type;
    this.errors = problem.errors ?? {};
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Builds the error from any response body; bodies that are not problem details get a generic one. */
  static fromResponse(status: number, body: unknown, retryAfter: string | null = null): ApiError {
    const parsed = problemSchema.safeParse(body);
    const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
    if (parsed.success) return new ApiError(parsed.data, seconds);
    return new ApiError({
      type: 'about:blank',
      title: status >= 500 ? 'The server had a problem' : 'The request failed',
      status,
      code: status >= 500 ? 'internal_error' : 'request_failed',
      detail: status >= 500 ? 'Something went wrong on our side. Try again in a moment.' : undefined,
    });
  }

  static network(): ApiError {
    return new ApiError({
      type: 'about:blank',
      title: 'No connection',
      status: 0,
      code: 'network_error',
      detail: 'Rehabit could not be reached. Check your connection and try again.',
    });
  }

  static unexpectedResponse(): ApiError {
    return new ApiError({
      type: 'about:blank',
      title: 'Unexpected answer',
      status: 0,
      code: 'unexpected_response',
      detail: 'The server answered in a way this page does not understand. Reload the page and try again.',
    });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A sentence a person can act on, for toasts and error states. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.detail ?? error.title;
  return 'Something went wrong. Try again.';
}

/** The per-field messages of a refusal that say more than its detail, e.g. which records blocked it. */
export function errorDetails(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const detail = error.detail ?? error.title;
  return [...new Set(Object.values(error.errors).flat())].filter((message) => message !== detail);
}
