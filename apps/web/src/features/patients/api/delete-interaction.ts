import { patientEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { monitoringKeys } from '@web/features/monitoring';
import { call } from '@web/lib/api-client.ts';
import { interactionsQueryKey } from './get-interactions.ts';
import { patientQueryKey } from './get-patient.ts';
import { patientsQueryKey } from './get-patients.ts';

/** Answers 204: the entry is kept for the audit trail but no longer counts or shows. */
export const deleteInteraction = ({ patientId, logId }: { patientId: number; logId: number }) =>
  call(patientEndpoints.deleteInteraction, { params: { id: patientId }, body: { log: logId } });

export function useDeleteInteraction(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logId: number) => deleteInteraction({ patientId, logId }),
    meta: { errorHandling: 'silent' },
    // A live call's minutes count in the patient's monitored month.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: interactionsQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: monitoringKeys.patient(patientId) }),
        // The header's and the lists' call status follow the logged calls (decision 0901).
        queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId), exact: true }),
        queryClient.invalidateQueries({ queryKey: [...patientsQueryKey, 'list'] }),
      ]),
  });
}
