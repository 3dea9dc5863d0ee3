import { type HepUpdateBody, hepItemSchema, hepPaths } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { programQueryKey } from './get-program.ts';

export const updateExercise = (patientId: number, hepId: number, body: HepUpdateBody) =>
  api.patch(hepPaths.item(patientId, hepId), body, { schema: hepItemSchema });

export function useUpdateExercise(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hepId, body }: { hepId: number; body: HepUpdateBody }) => updateExercise(patientId, hepId, body),
    meta: { errorHandling: 'form' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programQueryKey(patientId) }),
  });
}
