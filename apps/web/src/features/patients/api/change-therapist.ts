import { patientEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const changeTherapist = ({ id, therapistId }: { id: number; therapistId: number }) =>
  call(patientEndpoints.changeTherapist, { params: { id }, body: { therapist_id: therapistId } });

export function useChangeTherapist() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: changeTherapist,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}
