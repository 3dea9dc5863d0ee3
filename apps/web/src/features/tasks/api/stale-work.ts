import { dashboardQueryKey } from '@web/features/dashboard';
import type { Stale } from '@web/lib/change-mutation.ts';
import { tasksQueryKey } from './keys.ts';

/** After a task changed: every task list and the dashboard's count of open tasks are read again. */
export const staleWork: readonly Stale[] = [tasksQueryKey, dashboardQueryKey];
