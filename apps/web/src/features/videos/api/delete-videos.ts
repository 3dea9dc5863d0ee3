import { videoEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { foldersQueryKey, videosQueryKey } from './keys.ts';

export const deleteVideos = (videos: number[]) => call(videoEndpoints.remove, { body: { videos } });

export function useDeleteVideos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVideos,
    meta: { errorHandling: 'silent' },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: videosQueryKey });
      void client.invalidateQueries({ queryKey: foldersQueryKey });
    },
  });
}
