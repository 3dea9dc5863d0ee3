import { interactionLogSchema, type LogInteractionBody, patientPaths } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { interactionsQueryKey } from './get-interactions.ts';

export const logInteraction = ({ patientId, body }: { patientId: number; body: LogInteractionBody }) =>
  api.post(patientPaths.interactions(patientId), body, { schema: interactionLogSchema });

export function useLogInteraction(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LogInteractionBody) => logInteraction({ patientId, body }),
    meta: { errorHandling: 'form' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interactionsQueryKey(patientId) }),
  });
}
