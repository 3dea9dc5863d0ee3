import { patientEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

/** A soft delete: the patient leaves every list but stays for audit and billing history. */
export const removePatient = (id: number) => call(patientEndpoints.remove, { params: { id } });

export function useRemovePatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: removePatient,
    meta: { errorHandling: 'silent' },
    onSuccess: (patient) => refresh([patient]),
  });
}
