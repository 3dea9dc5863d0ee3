import { patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { interactionStale } from './interaction-stale.ts';

/** Answers 204: the entry is kept for the audit trail but no longer counts or shows. */
export const deleteInteraction = ({ patientId, logId }: { patientId: number; logId: number }) =>
  call(patientEndpoints.deleteInteraction, { params: { id: patientId }, body: { log: logId } });

export function useDeleteInteraction(patientId: number) {
  return useChangeMutation({
    mutationFn: (logId: number) => deleteInteraction({ patientId, logId }),
    meta: { errorHandling: 'silent' },
    stale: interactionStale(patientId),
  });
}
