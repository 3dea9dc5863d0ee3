import { type ApprovalBody, supervisorEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const setApproval = (body: ApprovalBody) => call(supervisorEndpoints.setApproval, { body });

export function useSetApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApproval,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
