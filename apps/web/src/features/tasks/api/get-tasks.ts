import { taskEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { type TaskListParams, taskKeys } from './keys.ts';

/** A page of the caller's tasks of one status; `scope` is left to the server for therapists (always their own). */
export const getTasks = (query: TaskListParams, signal?: AbortSignal) => call(taskEndpoints.list, { query, signal });

export const tasksQueryOptions = (query: TaskListParams) =>
  queryOptions({
    queryKey: taskKeys.list(query),
    queryFn: ({ signal }) => getTasks(query, signal),
    // Rule tasks close themselves when their cause goes away (a call logged): coming back reads them again.
    staleTime: 0,
    // Another page keeps the last one on screen while it loads, so the panel does not jump; another status or
    // scope does not, or its list would show under the wrong heading.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey.at(-1) as TaskListParams | undefined;
      return before?.status === query.status && before?.scope === query.scope ? previous : undefined;
    },
    // The panel shows its own error state with a retry.
    meta: { errorHandling: 'silent' },
  });

export const useTasks = (query: TaskListParams) => useQuery(tasksQueryOptions(query));
