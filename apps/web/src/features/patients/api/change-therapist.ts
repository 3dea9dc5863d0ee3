import { patientPaths, patientSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const changeTherapist = ({ id, therapistId }: { id: number; therapistId: number }) =>
  api.patch(patientPaths.changeTherapist(id), { therapist_id: therapistId }, { schema: patientSchema });

export function useChangeTherapist() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: changeTherapist,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}
