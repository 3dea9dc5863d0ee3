import { hepEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { programQueryKey } from './get-program.ts';

export const restoreExercise = (hepId: number) => call(hepEndpoints.restore, { params: { id: hepId } });

/** Undo of a delete: every exercise taken out comes back in its place. */
export function useRestoreExercises(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hepIds: number[]) => {
      for (const id of hepIds) await restoreExercise(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: programQueryKey(patientId) }),
  });
}
