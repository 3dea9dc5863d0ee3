import { type PatientIdsBody, patientEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

/** All or nothing: one patient who cannot be discharged refuses the whole request (409). */
export const dischargePatients = (body: PatientIdsBody) => call(patientEndpoints.discharge, { body });

export function useDischargePatients() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: dischargePatients,
    // The confirmation dialog shows the refusal.
    meta: { errorHandling: 'silent' },
    onSuccess: ({ results }) => refresh(results),
  });
}
