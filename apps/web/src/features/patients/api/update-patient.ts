import { patientPaths, patientSchema, type UpdatePatientBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const updatePatient = ({ id, body }: { id: number; body: UpdatePatientBody }) =>
  api.put(patientPaths.update(id), body, { schema: patientSchema });

export function useUpdatePatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: updatePatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}
