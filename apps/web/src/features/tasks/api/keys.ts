import type { TaskListQuery } from '@rehabit/contract';
import { tasksQueryKey } from '@web/lib/work-keys.ts';

export type TaskListParams = Pick<TaskListQuery, 'status' | 'page'> & Partial<Pick<TaskListQuery, 'scope'>>;

export const taskKeys = {
  all: tasksQueryKey,
  list: (query: TaskListParams) => [...tasksQueryKey, 'list', query] as const,
};
