import { type CreateTaskBody, taskEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshWork } from './refresh-work.ts';

/** Gives a colleague a task, about a patient or not, with a due date or not. */
export const createTask = (body: CreateTaskBody) => call(taskEndpoints.create, { body });

export function useCreateTask() {
  const refreshWork = useRefreshWork();
  return useMutation({
    mutationFn: createTask,
    // The form shows the server's reasons on its fields.
    meta: { errorHandling: 'form' },
    onSuccess: refreshWork,
  });
}
