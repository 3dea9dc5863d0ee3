import { type HepProgram, type HepSetOrderBody, hepEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { programQueryKey } from './get-program.ts';

export const setOrder = (hepIds: number[]) => {
  const body: HepSetOrderBody = { hep_ids: hepIds };
  return call(hepEndpoints.setOrder, { body });
};

/** Saves a new order; the list shows it at once and goes back if the server refuses it. */
export function useSetOrder(patientId: number) {
  const queryClient = useQueryClient();
  const key = programQueryKey(patientId);
  return useChangeMutation({
    mutationFn: setOrder,
    onMutate: async (hepIds: number[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<HepProgram>(key);
      if (previous) {
        const byId = new Map(previous.results.map((item) => [item.id, item]));
        const results = hepIds.flatMap((id, order) => {
          const item = byId.get(id);
          return item ? [{ ...item, order }] : [];
        });
        queryClient.setQueryData<HepProgram>(key, { ...previous, results });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    staleAfterFailure: [key],
    onSuccess: (program) => queryClient.setQueryData(key, program),
  });
}
