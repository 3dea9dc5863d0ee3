import { type PatientIdsBody, patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientDetailsStale, patientListsStale, usePutPatients } from './refresh-patients.ts';

/** All or nothing, like discharge: the 409 names the patients who cannot be re-onboarded. */
export const reOnboardPatients = (body: PatientIdsBody) => call(patientEndpoints.reOnboard, { body });

export function useReOnboardPatients() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: reOnboardPatients,
    meta: { errorHandling: 'silent' },
    onSuccess: ({ results }) => put(results),
    // Onboarded again, each has a call and chat status the answer does not carry.
    stale: [...patientListsStale, ...patientDetailsStale],
  });
}
