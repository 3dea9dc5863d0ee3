import { patientEndpoints, type RegisterPatientBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const registerPatient = (body: RegisterPatientBody) => call(patientEndpoints.register, { body });

export function useRegisterPatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: registerPatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}
