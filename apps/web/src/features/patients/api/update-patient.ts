import { patientEndpoints, type UpdatePatientBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const updatePatient = ({ id, body }: { id: number; body: UpdatePatientBody }) =>
  call(patientEndpoints.update, { params: { id }, body });

export function useUpdatePatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: updatePatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}
