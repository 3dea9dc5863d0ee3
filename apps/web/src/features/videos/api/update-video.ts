import { type UpdateVideoBody, videoEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { videosQueryKey } from './keys.ts';

export const updateVideo = (id: number, body: UpdateVideoBody) => call(videoEndpoints.update, { params: { id }, body });

export function useUpdateVideo(id: number) {
  const client = useQueryClient();
  return useChangeMutation({
    mutationFn: (body: UpdateVideoBody) => updateVideo(id, body),
    // The form shows field errors itself.
    meta: { errorHandling: 'silent' },
    onSuccess: (video) => client.setQueryData([...videosQueryKey, 'detail', id], video),
    stale: [[...videosQueryKey, 'list']],
    waitForStale: false,
  });
}
