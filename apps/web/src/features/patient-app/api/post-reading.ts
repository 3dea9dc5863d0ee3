import { type HealthDataBody, patientAppEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientKeys } from './keys.ts';

/** A reading the patient typed in. The time is fixed when it is taken, so a retry is recognised as the same. */
export type ManualReading = { kind: 'painlevel' | 'steps'; value: number; measuredAt: string };

export const postReading = ({ kind, value, measuredAt }: ManualReading) => {
  const body: HealthDataBody = { source: 'manual', entries: [{ kind, value, measured_at: measuredAt }] };
  return call(patientAppEndpoints.healthData, { body });
};

export function usePostReading() {
  return useChangeMutation({
    mutationFn: postReading,
    meta: { errorHandling: 'silent' },
    stale: [patientKeys.all],
  });
}
