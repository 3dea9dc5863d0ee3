import { type OnboardBody, patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientDetailsStale, patientListsStale, usePutPatients } from './refresh-patients.ts';

export const onboardPatient = ({ id, body }: { id: number; body: OnboardBody }) =>
  call(patientEndpoints.onboard, { params: { id }, body });

export function useOnboardPatient() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: onboardPatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => put([patient]),
    // Onboarded, the patient has a call and chat status the answer does not carry: the dashboard reads it.
    stale: [...patientListsStale, ...patientDetailsStale],
  });
}
