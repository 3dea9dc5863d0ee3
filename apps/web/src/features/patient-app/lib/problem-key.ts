import { isApiError } from '@web/lib/api-error.ts';

/**
 * The translated sentence for a failed call. The server's own words are English, so the patient side
 * chooses its sentence from the problem's code instead.
 */
export function problemKey(error: unknown): string {
  if (!isApiError(error)) return 'errors.generic';
  switch (error.code) {
    case 'network_error':
      return 'errors.network';
    case 'invalid_credentials':
      return 'errors.wrongPassword';
    case 'account_locked':
      return 'errors.locked';
    case 'rate_limited':
      return 'errors.tooMany';
    case 'invalid_token':
      return 'errors.codeExpired';
    case 'validation_failed':
      return error.errors.otp ? 'errors.wrongCode' : 'errors.generic';
    default:
      return 'errors.generic';
  }
}
