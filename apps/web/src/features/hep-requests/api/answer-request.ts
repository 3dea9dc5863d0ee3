import { type AnswerHepRequestBody, videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';

export const answerRequest = (id: number, body: AnswerHepRequestBody) =>
  call(videoEndpoints.answerHepRequest, { params: { id }, body });

/** Answers once; every list of requests is read again (the queue's statuses, the requester's own). */
export function useAnswerRequest() {
  return useChangeMutation({
    mutationFn: ({ id, body }: { id: number; body: AnswerHepRequestBody }) => answerRequest(id, body),
    meta: { errorHandling: 'form' },
    stale: [['hep-requests']],
  });
}
