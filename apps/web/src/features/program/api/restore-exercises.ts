import { hepEndpoints } from '@rehabit/contract';
import { progressQueryKey } from '@web/features/progress';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { programQueryKey } from './get-program.ts';

export const restoreExercise = (hepId: number) => call(hepEndpoints.restore, { params: { id: hepId } });

/** Undo of a delete: every exercise taken out comes back in its place. */
export function useRestoreExercises(patientId: number) {
  // The program's exercises set the sessions the progress counts as planned.
  const program = [programQueryKey(patientId), progressQueryKey(patientId)];
  return useChangeMutation({
    mutationFn: async (hepIds: number[]) => {
      for (const id of hepIds) await restoreExercise(id);
    },
    stale: program,
    staleAfterFailure: program,
  });
}
