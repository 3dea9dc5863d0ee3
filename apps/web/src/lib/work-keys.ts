/**
 * Roots of the query keys of the clinic's work: the dashboard's figures and the task lists. They live below the
 * features because a task done, taken back or given changes both the list and the dashboard's count of open tasks.
 */
export const dashboardQueryKey = ['dashboard'] as const;
export const tasksQueryKey = ['tasks'] as const;
