import { authEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/** Turns off the feature notices (initial note, 'New' pills) for this user; answers the updated user. */
export const cancelFeatureNotification = () => call(authEndpoints.cancelFeatureNotification);

export function useCancelFeatureNotification() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: cancelFeatureNotification,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
    stale: [currentUserQueryKey],
    staleAfterFailure: [currentUserQueryKey],
  });
}
