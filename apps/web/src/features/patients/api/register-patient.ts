import { patientEndpoints, type RegisterPatientBody } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientListsStale, usePutPatients } from './refresh-patients.ts';

/** Registers a patient in the clinic `clinicCode` names: the staff member's own, or the one an admin chose. */
export const registerPatient = ({ body, clinicCode }: { body: RegisterPatientBody; clinicCode: string }) =>
  call(patientEndpoints.register, { body, query: { clinic_code: clinicCode } });

export function useRegisterPatient() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: registerPatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => put([patient]),
    stale: patientListsStale,
  });
}
