import { videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { foldersQueryKey, videosQueryKey } from './keys.ts';

export const deleteVideos = (videos: number[]) => call(videoEndpoints.remove, { body: { videos } });

export function useDeleteVideos() {
  return useChangeMutation({
    mutationFn: deleteVideos,
    meta: { errorHandling: 'silent' },
    stale: [videosQueryKey, foldersQueryKey],
    waitForStale: false,
  });
}
