import { type FunctionalDataPatchBody, type FunctionalDataPostBody, patientDataEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { monitoringKeys } from '@web/features/monitoring';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { progressQueryKey } from './get-progress.ts';

export const functionalDataQueryKey = (patientId: number) => ['functional-data', patientId] as const;

export const useFunctionalData = (patientId: number) =>
  useQuery({
    queryKey: functionalDataQueryKey(patientId),
    queryFn: ({ signal }) => call(patientDataEndpoints.functionalData, { params: { patientId }, signal }),
    meta: { errorHandling: 'silent' },
  });

/**
 * New entries and corrections change the series and, for pain, the progress week too; the RTM status is read again
 * rather than guessing here which entries make a data day (decision 1242).
 */
function useFunctionalMutation<B>(patientId: number, send: (body: B) => Promise<unknown>) {
  return useChangeMutation({
    mutationFn: send,
    meta: { errorHandling: 'silent' },
    stale: [functionalDataQueryKey(patientId), progressQueryKey(patientId), monitoringKeys.rtmStatus(patientId)],
  });
}

export const useAddFunctionalEntries = (patientId: number) =>
  useFunctionalMutation(patientId, (body: FunctionalDataPostBody) =>
    call(patientDataEndpoints.addFunctionalData, { params: { patientId }, body }),
  );

export const useCorrectFunctionalData = (patientId: number) =>
  useFunctionalMutation(patientId, (body: FunctionalDataPatchBody) =>
    call(patientDataEndpoints.updateFunctionalData, { params: { patientId }, body }),
  );
