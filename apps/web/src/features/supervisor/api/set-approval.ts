import { type ApprovalBody, staffMemberSchema, supervisorPaths } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const setApproval = (body: ApprovalBody) =>
  api.patch(supervisorPaths.approval, body, { schema: staffMemberSchema });

export function useSetApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApproval,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
