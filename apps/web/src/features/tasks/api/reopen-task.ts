import { taskEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { staleWork } from './stale-work.ts';

/** The undo of "Done": the task is new again. */
export const reopenTask = (id: number) => call(taskEndpoints.reopen, { params: { id } });

export function useReopenTask() {
  return useChangeMutation({ mutationFn: reopenTask, stale: staleWork, staleAfterFailure: staleWork });
}
