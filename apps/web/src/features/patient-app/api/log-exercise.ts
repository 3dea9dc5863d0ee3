import { type ExerciseLogBody, patientProgramEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { patientKeys } from './keys.ts';

/** One exercise done. The body's client_id is chosen once, so sending it again never counts it twice. */
export const logExercise = (body: ExerciseLogBody) => call(patientProgramEndpoints.logExercise, { body });

export function useLogExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logExercise,
    // The card shows the failure and a retry; no toast on top.
    meta: { errorHandling: 'silent' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
