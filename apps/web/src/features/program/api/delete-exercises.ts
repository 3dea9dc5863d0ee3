import { type HepDeleteBody, hepEndpoints } from '@rehabit/contract';
import { progressQueryKey } from '@web/features/progress';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { programQueryKey } from './get-program.ts';

/** Takes exercises out of the program; each can be brought back with restore. */
export const deleteExercises = (patientId: number, hepIds: number[]) => {
  const body: HepDeleteBody = { hep_ids: hepIds };
  return call(hepEndpoints.remove, { params: { dashboardId: patientId }, body });
};

export function useDeleteExercises(patientId: number) {
  // The program's exercises set the sessions the progress counts as planned.
  const program = [programQueryKey(patientId), progressQueryKey(patientId)];
  return useChangeMutation({
    mutationFn: (hepIds: number[]) => deleteExercises(patientId, hepIds),
    stale: program,
    staleAfterFailure: program,
  });
}
