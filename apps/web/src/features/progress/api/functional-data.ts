import {
  type FunctionalDataPatchBody,
  type FunctionalDataPostBody,
  functionalDataSchema,
  functionalSeriesSchema,
  patientDataPaths,
} from '@rehabit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { progressQueryKey } from './get-progress.ts';

export const functionalDataQueryKey = (patientId: number) => ['functional-data', patientId] as const;

export const useFunctionalData = (patientId: number) =>
  useQuery({
    queryKey: functionalDataQueryKey(patientId),
    queryFn: ({ signal }) =>
      api.get(patientDataPaths.functionalData(patientId), { schema: functionalDataSchema, signal }),
    meta: { errorHandling: 'silent' },
  });

/** New entries and corrections change the series and, for pain, the progress week too. */
function useFunctionalMutation<B>(patientId: number, send: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { errorHandling: 'silent' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: functionalDataQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: progressQueryKey(patientId) }),
      ]),
  });
}

export const useAddFunctionalEntries = (patientId: number) =>
  useFunctionalMutation(patientId, (body: FunctionalDataPostBody) =>
    api.post(patientDataPaths.functionalData(patientId), body, { schema: functionalSeriesSchema }),
  );

export const useCorrectFunctionalData = (patientId: number) =>
  useFunctionalMutation(patientId, (body: FunctionalDataPatchBody) =>
    api.patch(patientDataPaths.functionalData(patientId), body, { schema: functionalSeriesSchema }),
  );
