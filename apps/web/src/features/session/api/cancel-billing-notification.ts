import { authEndpoints } from '@rehabit/contract';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/** The user has opened the new billing file (decision 0801); answers the user without the round '1'. */
export const cancelBillingNotification = () => call(authEndpoints.cancelBillingNotification);

/**
 * Clears the billing badge once a file is opened: the user as the server answers it replaces the cached one, so the
 * menu's round '1' goes at once. Best effort: the file is saved whatever this answers, and a failure leaves the badge
 * for the next download.
 */
export async function clearBillingBadge(queryClient: QueryClient) {
  try {
    const { user } = await cancelBillingNotification();
    queryClient.setQueryData(currentUserQueryKey, user);
  } catch {
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }
}
