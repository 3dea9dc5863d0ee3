import { patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { interactionStale } from './interaction-stale.ts';

/** Writes the note of a logged call: what was said on a video visit, which logged its call with none. */
export function useInteractionNote(patientId: number) {
  return useChangeMutation({
    mutationFn: (body: { log: number; notes: string }) =>
      call(patientEndpoints.interactionNote, { params: { id: patientId }, body }),
    meta: { errorHandling: 'form' },
    stale: interactionStale(patientId),
  });
}
