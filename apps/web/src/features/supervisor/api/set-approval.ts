import { type ApprovalBody, supervisorEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';

export const setApproval = (body: ApprovalBody) => call(supervisorEndpoints.setApproval, { body });

export function useSetApproval() {
  return useChangeMutation({
    mutationFn: setApproval,
    stale: [['staff']],
  });
}
