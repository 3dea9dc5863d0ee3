import { useQueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from '@web/features/dashboard';
import { tasksQueryKey } from './keys.ts';

/** After a task changed: every task list and the dashboard's count of open tasks are read again. */
export function useRefreshWork() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
      queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    ]);
}
