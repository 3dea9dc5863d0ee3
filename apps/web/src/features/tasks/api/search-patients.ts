import { patientEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

const MATCHES = 10;
const MIN_SEARCH = 2;

/** Patients of the clinic matching a name, phone or birthday, for the patient a task is about. */
export const searchPatients = (search: string, signal?: AbortSignal) =>
  call(patientEndpoints.list, { query: { search, page_size: MATCHES }, signal });

export const patientSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['task-patient-search', search],
    queryFn: ({ signal }) => searchPatients(search, signal),
    enabled: search.length >= MIN_SEARCH,
    staleTime: 60_000,
    meta: { errorHandling: 'silent' },
  });

export const usePatientSearch = (search: string) => useQuery(patientSearchQueryOptions(search));
