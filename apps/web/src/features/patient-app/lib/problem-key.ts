import { isApiError } from '@web/lib/api-error.ts';
import type { TFunction } from 'i18next';

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
    // Only the sign-up's e-mail can be taken on the patient's side.
    case 'conflict':
      return 'errors.emailTaken';
    case 'weak_password':
      return 'errors.weakPassword';
    case 'validation_failed':
      return error.errors.otp ? 'errors.wrongCode' : 'errors.generic';
    default:
      return 'errors.generic';
  }
}

/**
 * The sentence for a failed call, shown where a field or form reads it: in English the server's own words, which
 * can say more (how many tries are left, how long to wait); in another language the translated sentence of its code.
 */
export function problemText(error: unknown, t: TFunction, language: string, field?: string): string {
  if (language === 'en' && isApiError(error)) {
    const own = (field && error.errors[field]?.[0]) || error.detail;
    if (own) return own;
  }
  return t(problemKey(error));
}
