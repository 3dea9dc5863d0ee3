import { type PatientListQuery, patientEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export type PatientListParams = Partial<PatientListQuery>;

export const getPatients = (query: PatientListParams, signal?: AbortSignal) =>
  call(patientEndpoints.list, { query, signal });

/** Every patient query starts with this key, so a lifecycle change refreshes lists and dashboards alike. */
export const patientsQueryKey = ['patients'] as const;

export const patientsQueryOptions = (query: PatientListParams) =>
  queryOptions({
    queryKey: [...patientsQueryKey, 'list', query],
    queryFn: ({ signal }) => getPatients(query, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    // The list shows its own error state with a retry.
    meta: { errorHandling: 'silent' },
  });

export const usePatients = (query: PatientListParams) => useQuery(patientsQueryOptions(query));
