import { hepDeletedSchema, hepPaths } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { programQueryKey } from './get-program.ts';

/** Takes exercises out of the program; each can be brought back with restore. */
export const deleteExercises = (patientId: number, hepIds: number[]) =>
  api.delete(hepPaths.program(patientId), { body: { hep_ids: hepIds }, schema: hepDeletedSchema });

export function useDeleteExercises(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hepIds: number[]) => deleteExercises(patientId, hepIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programQueryKey(patientId) }),
  });
}
