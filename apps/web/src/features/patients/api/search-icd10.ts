import { patientEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

// Enough answers to choose from without scrolling a long list.
const ICD10_PAGE_SIZE = 20;

export const searchIcd10 = (search: string, signal?: AbortSignal) =>
  call(patientEndpoints.icd10, { query: { search, page_size: ICD10_PAGE_SIZE }, signal });

export const icd10QueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['icd10', search],
    queryFn: ({ signal }) => searchIcd10(search, signal),
    // The code list changes once a year.
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

/** Searches once the term is worth asking about; `search` is already debounced by the caller. */
export const useIcd10Search = (search: string) =>
  useQuery({ ...icd10QueryOptions(search.trim()), enabled: search.trim().length >= 2 });
