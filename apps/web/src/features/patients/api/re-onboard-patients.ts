import { type PatientIdsBody, patientEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

/** All or nothing, like discharge: the 409 names the patients who cannot be re-onboarded. */
export const reOnboardPatients = (body: PatientIdsBody) => call(patientEndpoints.reOnboard, { body });

export function useReOnboardPatients() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: reOnboardPatients,
    meta: { errorHandling: 'silent' },
    onSuccess: ({ results }) => refresh(results),
  });
}
