import { type LogInteractionBody, patientEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { monitoringKeys } from '@web/features/monitoring';
import { call } from '@web/lib/api-client.ts';
import { interactionsQueryKey } from './get-interactions.ts';
import { patientQueryKey } from './get-patient.ts';
import { patientsQueryKey } from './get-patients.ts';

export const logInteraction = ({ patientId, body }: { patientId: number; body: LogInteractionBody }) =>
  call(patientEndpoints.logInteraction, { params: { id: patientId }, body });

export function useLogInteraction(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LogInteractionBody) => logInteraction({ patientId, body }),
    meta: { errorHandling: 'form' },
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
