import { type Task, taskEndpoints } from '@rehabit/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import type { getTasks } from './get-tasks.ts';
import { staleWork } from './stale-work.ts';

type TaskPage = Awaited<ReturnType<typeof getTasks>>;

export const markTaskDone = (id: number) => call(taskEndpoints.done, { params: { id } });

/**
 * Marks a task done: it leaves the list on screen at once, and comes back if the server refuses. The lists and the
 * dashboard's count of open tasks are read again either way.
 */
export function useMarkTaskDone(
  listKey: QueryKey,
  /** Told of every task settled, also when several are marked done in quick succession. */
  on: { done: (task: Task) => void; failed: (task: Task, error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (task: Task) => markTaskDone(task.id),
    onSuccess: (_answer, task) => on.done(task),
    // The screen says which task failed.
    meta: { errorHandling: 'silent' },
    onMutate: async (task) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<TaskPage>(listKey);
      queryClient.setQueryData<TaskPage>(
        listKey,
        (page) =>
          page && {
            ...page,
            count: Math.max(0, page.count - 1),
            results: page.results.filter((item) => item.id !== task.id),
          },
      );
      return { previous };
    },
    onError: (error, task, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      on.failed(task, error);
    },
    stale: staleWork,
    staleAfterFailure: staleWork,
  });
}
