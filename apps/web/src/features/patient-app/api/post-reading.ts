import { healthDataResultSchema, patientAppPaths } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientKeys } from './keys.ts';

/** A reading the patient typed in. The time is fixed when it is taken, so a retry is recognised as the same. */
export type ManualReading = { kind: 'painlevel' | 'steps'; value: number; measuredAt: string };

export const postReading = ({ kind, value, measuredAt }: ManualReading) =>
  api.post(
    patientAppPaths.healthData,
    { source: 'manual', entries: [{ kind, value, measured_at: measuredAt }] },
    { schema: healthDataResultSchema },
  );

export function usePostReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReading,
    meta: { errorHandling: 'silent' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
