import { type HepUpdateBody, hepEndpoints } from '@rehabit/contract';
import { progressQueryKey } from '@web/features/progress';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { programQueryKey } from './get-program.ts';

export const updateExercise = (patientId: number, hepId: number, body: HepUpdateBody) =>
  call(hepEndpoints.update, { params: { dashboardId: patientId, hepId }, body });

export function useUpdateExercise(patientId: number) {
  return useChangeMutation({
    mutationFn: ({ hepId, body }: { hepId: number; body: HepUpdateBody }) => updateExercise(patientId, hepId, body),
    meta: { errorHandling: 'form' },
    // The dosage sets the sessions the progress counts as planned.
    stale: [programQueryKey(patientId), progressQueryKey(patientId)],
  });
}
