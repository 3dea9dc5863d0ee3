import type { TaskListQuery } from '@rehabit/contract';

/** The root of every task list's key: a change to a task reads them all again (`staleWork`). */
export const tasksQueryKey = ['tasks'] as const;

export type TaskListParams = Pick<TaskListQuery, 'status' | 'page'> & Partial<Pick<TaskListQuery, 'scope'>>;

export const taskKeys = {
  all: tasksQueryKey,
  list: (query: TaskListParams) => [...tasksQueryKey, 'list', query] as const,
};
