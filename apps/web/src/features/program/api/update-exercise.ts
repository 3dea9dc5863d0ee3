import { type HepUpdateBody, hepEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { programQueryKey } from './get-program.ts';

export const updateExercise = (patientId: number, hepId: number, body: HepUpdateBody) =>
  call(hepEndpoints.update, { params: { dashboardId: patientId, hepId }, body });

export function useUpdateExercise(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hepId, body }: { hepId: number; body: HepUpdateBody }) => updateExercise(patientId, hepId, body),
    meta: { errorHandling: 'form' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programQueryKey(patientId) }),
  });
}
