import { type HepDeleteBody, hepEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { programQueryKey } from './get-program.ts';

/** Takes exercises out of the program; each can be brought back with restore. */
export const deleteExercises = (patientId: number, hepIds: number[]) => {
  const body: HepDeleteBody = { hep_ids: hepIds };
  return call(hepEndpoints.remove, { params: { dashboardId: patientId }, body });
};

export function useDeleteExercises(patientId: number) {
  const program = [programQueryKey(patientId)];
  return useChangeMutation({
    mutationFn: (hepIds: number[]) => deleteExercises(patientId, hepIds),
    stale: program,
    staleAfterFailure: program,
  });
}
