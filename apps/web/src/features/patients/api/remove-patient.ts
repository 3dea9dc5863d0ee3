import { patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientListsStale, usePutPatients } from './refresh-patients.ts';

/** A soft delete: the patient leaves every list but stays for audit and billing history. */
export const removePatient = (id: number) => call(patientEndpoints.remove, { params: { id } });

export function useRemovePatient() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: removePatient,
    meta: { errorHandling: 'silent' },
    onSuccess: (patient) => put([patient]),
    stale: patientListsStale,
  });
}
