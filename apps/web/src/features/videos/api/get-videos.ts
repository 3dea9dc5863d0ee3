import { type VideoListQuery, videoEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { videosQueryKey } from './keys.ts';

export type VideoListParams = Partial<VideoListQuery>;

export const getVideos = (query: VideoListParams, signal?: AbortSignal) => call(videoEndpoints.list, { query, signal });

export const videosQueryOptions = (query: VideoListParams) =>
  queryOptions({
    queryKey: [...videosQueryKey, 'list', query],
    queryFn: ({ signal }) => getVideos(query, signal),
    placeholderData: keepPreviousData,
    // The library shows its own error state with a retry.
    meta: { errorHandling: 'silent' },
  });

export const useVideos = (query: VideoListParams) => useQuery(videosQueryOptions(query));
