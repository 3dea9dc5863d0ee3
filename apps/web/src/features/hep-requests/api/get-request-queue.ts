import { type HepRequestQueueQuery, type HepRequestStatus, videoEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export type QueueFilter = { status: HepRequestStatus | 'all'; order: HepRequestQueueQuery['order']; page: number };

/** The content team's queue of every clinic's video requests, of one status or all. */
export const getRequestQueue = ({ status, order, page }: QueueFilter, signal?: AbortSignal) =>
  call(videoEndpoints.hepRequests, { query: { status: status === 'all' ? undefined : status, order, page }, signal });

/** Starts with the key the request form invalidates, so a new request shows in the queue. */
export const requestQueueQueryOptions = (filter: QueueFilter) =>
  queryOptions({
    queryKey: ['hep-requests', 'queue', filter],
    queryFn: ({ signal }) => getRequestQueue(filter, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

export const useRequestQueue = (filter: QueueFilter) => useQuery(requestQueueQueryOptions(filter));
