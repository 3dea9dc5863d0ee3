import { type Video, videoEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { videosQueryKey } from './keys.ts';

export const getVideo = (id: number, signal?: AbortSignal) => call(videoEndpoints.detail, { params: { id }, signal });

const isSettled = (video: Video | undefined) => video?.status === 'ready' || video?.status === 'failed';

/** One video; while its file is being processed it is asked for again every two seconds. */
export const useVideo = (id: number) =>
  useQuery({
    queryKey: [...videosQueryKey, 'detail', id],
    queryFn: ({ signal }) => getVideo(id, signal),
    refetchInterval: (query) => (isSettled(query.state.data) ? false : 2000),
    meta: { errorHandling: 'silent' },
  });
