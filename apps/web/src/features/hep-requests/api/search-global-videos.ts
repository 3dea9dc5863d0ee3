import { videoEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

const MATCHES = 10;
const MIN_SEARCH = 2;

/** Videos of the global library matching a title, for the video that answers a request. */
export const searchGlobalVideos = (search: string, signal?: AbortSignal) =>
  call(videoEndpoints.list, { query: { search, scope: 'global', page_size: MATCHES }, signal });

export const globalVideoSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['hep-request-video-search', search],
    queryFn: ({ signal }) => searchGlobalVideos(search, signal),
    enabled: search.length >= MIN_SEARCH,
    staleTime: 60_000,
    meta: { errorHandling: 'silent' },
  });

export const useGlobalVideoSearch = (search: string) => useQuery(globalVideoSearchQueryOptions(search));
