import { type PatientIdsBody, patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientListsStale, usePutPatients } from './refresh-patients.ts';

/** All or nothing: one patient who cannot be discharged refuses the whole request (409). */
export const dischargePatients = (body: PatientIdsBody) => call(patientEndpoints.discharge, { body });

export function useDischargePatients() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: dischargePatients,
    // The confirmation dialog shows the refusal.
    meta: { errorHandling: 'silent' },
    onSuccess: ({ results }) => put(results),
    stale: patientListsStale,
  });
}
