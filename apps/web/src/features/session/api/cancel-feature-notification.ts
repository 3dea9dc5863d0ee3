import { authEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/** Turns off the feature notices (initial note, 'New' pills) for this user; answers the updated user. */
export const cancelFeatureNotification = () => call(authEndpoints.cancelFeatureNotification);

export function useCancelFeatureNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFeatureNotification,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
