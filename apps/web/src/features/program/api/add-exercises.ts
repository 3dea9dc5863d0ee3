import { type HepAddBody, hepEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { progressQueryKey } from '@web/features/progress';
import { call } from '@web/lib/api-client.ts';
import { programQueryKey } from './get-program.ts';

/** Adds videos, or whole folders, to the end of the program; the answer is the whole program. */
export const addExercises = (patientId: number, body: HepAddBody) =>
  call(hepEndpoints.add, { params: { dashboardId: patientId }, body });

export function useAddExercises(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HepAddBody) => addExercises(patientId, body),
    meta: { errorHandling: 'silent' },
    onSuccess: (program) => {
      queryClient.setQueryData(programQueryKey(patientId), program);
      // New exercises add to the sessions the progress counts as planned.
      void queryClient.invalidateQueries({ queryKey: progressQueryKey(patientId) });
    },
  });
}
