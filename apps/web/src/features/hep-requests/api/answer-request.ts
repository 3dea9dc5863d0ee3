import { type AnswerHepRequestBody, videoEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const answerRequest = (id: number, body: AnswerHepRequestBody) =>
  call(videoEndpoints.answerHepRequest, { params: { id }, body });

/** Answers once; every list of requests is read again (the queue's statuses, the requester's own). */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnswerHepRequestBody }) => answerRequest(id, body),
    meta: { errorHandling: 'form' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['hep-requests'] }),
  });
}
