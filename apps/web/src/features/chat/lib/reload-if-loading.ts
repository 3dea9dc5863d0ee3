import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A load already under way may have read the server before a message was saved; landing after the message was written
 * into the cache, its answer would drop it. Such a load is cancelled and made again, so that it reads the message too.
 * (Cancelled first: a first load, with no answer yet, would otherwise be joined rather than made again.)
 */
export function reloadIfLoading(queryClient: QueryClient, queryKey: QueryKey) {
  if (queryClient.isFetching({ queryKey, exact: true }) === 0) return;
  void queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() => queryClient.invalidateQueries({ queryKey, exact: true }));
}
