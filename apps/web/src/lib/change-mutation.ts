import {
  type DefaultError,
  type InvalidateQueryFilters,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

/** A query a change makes stale: its key (the queries under it too), or filters where the key alone says too much. */
export type Stale = QueryKey | InvalidateQueryFilters;

export type ChangeOptions<TData, TVariables, TContext> = UseMutationOptions<
  TData,
  DefaultError,
  TVariables,
  TContext
> & {
  /** What the change makes stale once it is done; they are read again before the change counts as done. */
  stale?: readonly Stale[];
  /** What a refused change may still have moved (part of a batch, figures that changed under it). */
  staleAfterFailure?: readonly Stale[];
  /**
   * False where the screen goes on at once and the stale queries are read in the background (the video library
   * closes its dialogs while its lists load again).
   */
  waitForStale?: boolean;
};

function readAgain(queryClient: QueryClient, stale: readonly Stale[]) {
  return Promise.all(
    stale.map((entry) =>
      queryClient.invalidateQueries(Array.isArray(entry) ? { queryKey: entry } : (entry as InvalidateQueryFilters)),
    ),
  );
}

/**
 * A mutation that declares what its change makes stale, so no hook writes the invalidation itself. The hook's own
 * `onSuccess` / `onError` run first (they put the answer in the cache or undo an optimistic change), then the
 * stale queries are read again.
 */
export function useChangeMutation<TData = unknown, TVariables = void, TContext = unknown>({
  stale = [],
  staleAfterFailure = [],
  waitForStale = true,
  onSuccess,
  onError,
  ...options
}: ChangeOptions<TData, TVariables, TContext>) {
  const queryClient = useQueryClient();
  const refresh = async (list: readonly Stale[]) => {
    const reading = readAgain(queryClient, list);
    if (waitForStale) await reading;
  };
  return useMutation<TData, DefaultError, TVariables, TContext>({
    ...options,
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await refresh(stale);
    },
    onError: async (...args) => {
      await onError?.(...args);
      await refresh(staleAfterFailure);
    },
  });
}
