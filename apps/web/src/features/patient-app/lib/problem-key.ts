import { waitInUnits } from '@rehabit/contract';
import { isApiError } from '@web/lib/api-error.ts';
import type { TFunction } from 'i18next';

/**
 * The translated sentence for a failed call. The server's own words are English, so the patient side
 * chooses its sentence from the problem's code instead. `sending` marks a refused request for a new code, whose
 * wait is the pause before the next code (decision 1295).
 */
export function problemKey(error: unknown, sending = false): string {
  if (!isApiError(error)) return 'errors.generic';
  const waits = error.retryAfterSeconds !== undefined;
  switch (error.code) {
    case 'network_error':
      return 'errors.network';
    case 'invalid_credentials':
      return 'errors.wrongPassword';
    case 'account_locked':
      return waits ? 'errors.lockedWait' : 'errors.locked';
    case 'rate_limited':
      return !waits ? 'errors.tooMany' : sending ? 'errors.sendWait' : 'errors.tooManyWait';
    case 'invalid_token':
      return 'errors.codeExpired';
    case 'code_used_up':
      return 'errors.codeUsedUp';
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

/** "42 seconds", "7 minutes", "5 hours" in the current language, rounded as the server rounds its waits. */
export function waitInWords(seconds: number, t: TFunction) {
  const { unit, count } = waitInUnits(seconds);
  return t(`wait.${unit}`, { count });
}

/**
 * A failed call as a message a form can keep and translate later, so it follows a change of language: the key of
 * its sentence, with the wait the server asked for after a `#`.
 */
export function problemMessage(error: unknown, sending = false) {
  const key = problemKey(error, sending);
  const wait = isApiError(error) ? error.retryAfterSeconds : undefined;
  return wait === undefined ? key : `${key}#${wait}`;
}

/** The sentence of a kept message (a plain key or one of `problemMessage`) in the current language. */
export function sentence(message: string, t: TFunction) {
  const [key = '', wait] = message.split('#');
  return wait === undefined ? t(key) : t(key, { wait: waitInWords(Number(wait), t) });
}

/**
 * The sentence for a failed call, shown where a field or form reads it: in English the server's own words, which
 * can say more (how many tries are left, how long to wait); in another language the translated sentence of its code.
 */
export function problemText(error: unknown, t: TFunction, language: string, field?: string, sending = false): string {
  if (language === 'en' && isApiError(error)) {
    const own = (field && error.errors[field]?.[0]) || error.detail;
    if (own) return own;
  }
  return sentence(problemMessage(error, sending), t);
}
