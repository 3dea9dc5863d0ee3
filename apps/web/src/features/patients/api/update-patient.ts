import { patientEndpoints, type UpdatePatientBody } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientListsStale, usePutPatients } from './refresh-patients.ts';

export const updatePatient = ({ id, body }: { id: number; body: UpdatePatientBody }) =>
  call(patientEndpoints.update, { params: { id }, body });

export function useUpdatePatient() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: updatePatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => put([patient]),
    stale: patientListsStale,
  });
}
