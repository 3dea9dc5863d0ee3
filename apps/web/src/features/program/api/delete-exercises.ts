import { type HepDeleteBody, hepEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { programQueryKey } from './get-program.ts';

/** Takes exercises out of the program; each can be brought back with restore. */
export const deleteExercises = (patientId: number, hepIds: number[]) => {
  const body: HepDeleteBody = { hep_ids: hepIds };
  return call(hepEndpoints.remove, { params: { dashboardId: patientId }, body });
};

export function useDeleteExercises(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hepIds: number[]) => deleteExercises(patientId, hepIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programQueryKey(patientId) }),
  });
}
