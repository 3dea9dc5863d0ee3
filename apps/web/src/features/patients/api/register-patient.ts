import { patientEndpoints, type RegisterPatientBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

/** Registers a patient in the clinic `clinicCode` names: the staff member's own, or the one an admin chose. */
export const registerPatient = ({ body, clinicCode }: { body: RegisterPatientBody; clinicCode: string }) =>
  call(patientEndpoints.register, { body, query: { clinic_code: clinicCode } });

export function useRegisterPatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: registerPatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}
