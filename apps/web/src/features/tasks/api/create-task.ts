import { type CreateTaskBody, taskEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { staleWork } from './stale-work.ts';

/** Gives a colleague a task, about a patient or not, with a due date or not. */
export const createTask = (body: CreateTaskBody) => call(taskEndpoints.create, { body });

export function useCreateTask() {
  return useChangeMutation({
    mutationFn: createTask,
    // The form shows the server's reasons on its fields.
    meta: { errorHandling: 'form' },
    stale: staleWork,
  });
}
