import { authEndpoints } from '@rehabit/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@web/config/paths.ts';
import { call } from '@web/lib/api-client.ts';
import { finishBeforeSignOut, resetClientStores } from '@web/lib/client-state.ts';
import { forgetRedirectPath } from '@web/lib/storage.ts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../auth-store.ts';

/** Revokes the session on the server. */
export const logout = () => call(authEndpoints.logout);

/**
 * Ends the session on this device: token and UI stores back to their first state, and the server
 * cache emptied so nothing of this user shows for the next one.
 */
export function endSession(queryClient: QueryClient, { isVoluntary = false } = {}) {
  resetClientStores();
  useAuthStore.getState().clear(isVoluntary);
  queryClient.cancelQueries();
  queryClient.clear();
}

/**
 * Once the server refuses the current user, the stored token no longer names anyone: revoke it (best effort) and end
 * the session, so the guard sends the visitor to sign in again (the layouts ask `refusedByServer`, decision 1355).
 */
export function useEndSessionOnUserError(isUserError: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isUserError) return;
    if (useAuthStore.getState().token) logout().catch(() => undefined);
    endSession(queryClient);
  }, [isUserError, queryClient]);
}

/**
 * Sign-out: ask the server to revoke the token, then clear everything whatever it answered and go to a sign-in
 * page (staff's by default; the patient side passes its own).
 */
export function useLogout(signInHref: string = paths.login.getHref()) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // What runs on the server (a monitoring session) ends while the token still works, so its last seconds are saved.
    mutationFn: () => finishBeforeSignOut().then(logout),
    meta: { errorHandling: 'silent' },
    onSettled: () => {
      forgetRedirectPath();
      endSession(queryClient, { isVoluntary: true });
      navigate(signInHref, { replace: true });
    },
  });
}
