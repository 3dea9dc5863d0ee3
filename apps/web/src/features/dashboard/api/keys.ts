/**
 * The root of the dashboard's query keys. Tasks refresh it too: a task done, taken back or given changes the
 * dashboard's count of open tasks.
 */
export const dashboardQueryKey = ['dashboard'] as const;
