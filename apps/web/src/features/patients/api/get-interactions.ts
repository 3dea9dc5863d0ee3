import { patientEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { patientsQueryKey } from './get-patients.ts';

export const getInteractions = (patientId: number, page: number, signal?: AbortSignal) =>
  call(patientEndpoints.interactions, { params: { id: patientId }, query: { page }, signal });

export const interactionsQueryKey = (patientId: number) => [...patientsQueryKey, patientId, 'interactions'] as const;

export const interactionsQueryOptions = (patientId: number, page: number) =>
  queryOptions({
    queryKey: [...interactionsQueryKey(patientId), page],
    queryFn: ({ signal }) => getInteractions(patientId, page, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

export const useInteractions = (patientId: number, page: number) => useQuery(interactionsQueryOptions(patientId, page));
