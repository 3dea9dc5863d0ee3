import { authEndpoints, type CurrentUser, isOfficeManager, isPatientRole, isRestrictedUser } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@web/config/env.ts';
import { call } from '@web/lib/api-client.ts';
import { ApiError } from '@web/lib/api-error.ts';
import { writeSignedInSide } from '@web/lib/storage.ts';

export type SessionUser = CurrentUser & { isRestricted: boolean; isOfficeManager: boolean };

/** The current user carries the restricted and office-manager flags (decision 0100). */
export const toSessionUser = (user: CurrentUser, restrictedCode = env.restrictedClinicCode): SessionUser => ({
  ...user,
  isRestricted: isRestrictedUser(user, restrictedCode),
  isOfficeManager: isOfficeManager(user),
});

/** GET /api/v1/users/ answers a page whose first result is the signed-in user. */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const page = await call(authEndpoints.currentUser, { signal });
  const user = page.results[0];
  if (!user) {
    throw new ApiError({ type: 'about:blank', title: 'Not signed in', status: 401, code: 'unauthenticated' });
  }
  // A session signed in before the side was stored learns it here, for the next page's first requests.
  writeSignedInSide(isPatientRole(user.role) ? 'patient' : 'staff');
  return user;
}

export const currentUserQueryKey = ['session', 'current-user'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    select: (user) => toSessionUser(user),
    staleTime: 5 * 60_000,
    retry: false,
    // The navigation guard reacts to a failure by signing out; no toast on top of that.
    meta: { errorHandling: 'silent' },
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
