import { type UpdateVideoBody, videoPaths, videoSchema } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { videosQueryKey } from './keys.ts';

export const updateVideo = (id: number, body: UpdateVideoBody) =>
  api.patch(videoPaths.detail(id), body, { schema: videoSchema });

export function useUpdateVideo(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateVideoBody) => updateVideo(id, body),
    // The form shows field errors itself.
    meta: { errorHandling: 'silent' },
    onSuccess: (video) => {
      client.setQueryData([...videosQueryKey, 'detail', id], video);
      void client.invalidateQueries({ queryKey: [...videosQueryKey, 'list'] });
    },
  });
}
