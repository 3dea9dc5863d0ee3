import { videoEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';

/** Asks the content team for an exercise video the library lacks. */
export const requestVideo = (requestContent: string) =>
  call(videoEndpoints.requestVideo, { body: { request_content: requestContent } });

/** A request sent shows at once in the lists of requests (the caller's own, the admins' queue). */
export function useRequestVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVideo,
    meta: { errorHandling: 'silent' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['hep-requests'] }),
  });
}
