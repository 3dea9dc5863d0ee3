import { patientPaths, patientSchema, type RegisterPatientBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const registerPatient = (body: RegisterPatientBody) =>
  api.post(patientPaths.register, body, { schema: patientSchema });

export function useRegisterPatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: registerPatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}
