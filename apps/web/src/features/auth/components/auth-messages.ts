import { isApiError } from '@web/lib/api-error.ts';

const signinMessages: Record<string, string> = {
  invalid_credentials: 'The e-mail or password is not right. Check both and try again.',
  approval_pending:
    'Your account is waiting for approval by your clinic supervisor. You can sign in as soon as it is approved.',
  approval_rejected: 'Your clinic supervisor did not approve this account. Please contact your clinic.',
  access_revoked: 'Your access to this clinic has been turned off. Please contact your clinic supervisor.',
  rate_limited: 'Too many attempts in a short time. Wait a minute, then try again.',
  network_error: 'Rehabit could not be reached. Check your connection and try again.',
};

const supervisorMessages: Record<string, string> = {
  ...signinMessages,
  invalid_credentials: 'The clinic code or supervisor password is not right. Check both and try again.',
};

/**
 * A refusal after failed sign-ins (`account_locked`) is told in the server's words: only it knows which limit holds
 * this address back, and for how long.
 */
function messageFor(table: Record<string, string>, error: unknown) {
  if (!isApiError(error)) return 'Could not sign in. Try again.';
  // Field-level validation problems are shown on the fields themselves.
  if (error.code === 'validation_failed' && Object.keys(error.errors).length > 0) return undefined;
  return table[error.code] ?? error.detail ?? 'Could not sign in. Try again.';
}

export const signinErrorMessage = (error: unknown) => messageFor(signinMessages, error);
export const supervisorSigninErrorMessage = (error: unknown) => messageFor(supervisorMessages, error);

/** Codes that describe the account's state rather than a mistake in what was typed. */
export const accountStateCodes = new Set(['approval_pending', 'account_locked', 'rate_limited']);
