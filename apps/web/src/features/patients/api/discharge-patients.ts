import { type PatientIdsBody, patientPaths, patientResultsSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

/** All or nothing: one patient who cannot be discharged refuses the whole request (409). */
export const dischargePatients = (body: PatientIdsBody) =>
  api.patch(patientPaths.discharge, body, { schema: patientResultsSchema });

export function useDischargePatients() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: dischargePatients,
    // The confirmation dialog shows the refusal.
    meta: { errorHandling: 'silent' },
    onSuccess: ({ results }) => refresh(results),
  });
}
