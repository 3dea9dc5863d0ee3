import { videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';

type VideoRequest = { content: string; clinicCode?: string | undefined };

/** Asks the content team for an exercise video the library lacks, filed under `clinicCode` or the caller's clinic. */
export const requestVideo = ({ content, clinicCode }: VideoRequest) =>
  call(videoEndpoints.requestVideo, { query: { clinic_code: clinicCode }, body: { request_content: content } });

/** A request sent shows at once in the lists of requests (the caller's own, the admins' queue). */
export function useRequestVideo() {
  return useChangeMutation({
    mutationFn: requestVideo,
    meta: { errorHandling: 'silent' },
    stale: [['hep-requests']],
  });
}
