import { isApiError } from '@web/lib/api-error.ts';

/**
 * Whether a failed load was the server's answer. A call that never reached it (offline, on the bus) says nothing of
 * the session, so the signed-in layouts end none for it (decision 1355). Kept out of the sign-in pages' code.
 */
export const refusedByServer = (error: unknown) =>
  error != null && !(isApiError(error) && error.code === 'network_error');
