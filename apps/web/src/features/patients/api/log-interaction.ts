import { type LogInteractionBody, patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { interactionStale } from './interaction-stale.ts';

export const logInteraction = ({ patientId, body }: { patientId: number; body: LogInteractionBody }) =>
  call(patientEndpoints.logInteraction, { params: { id: patientId }, body });

export function useLogInteraction(patientId: number) {
  return useChangeMutation({
    mutationFn: (body: LogInteractionBody) => logInteraction({ patientId, body }),
    meta: { errorHandling: 'form' },
    stale: interactionStale(patientId),
  });
}
