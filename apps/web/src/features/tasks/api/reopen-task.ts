import { taskEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshWork } from './refresh-work.ts';

/** The undo of "Done": the task is new again. */
export const reopenTask = (id: number) => call(taskEndpoints.reopen, { params: { id } });

export function useReopenTask() {
  const refreshWork = useRefreshWork();
  return useMutation({ mutationFn: reopenTask, onSettled: refreshWork });
}
