import { icd10ListSchema, patientPaths } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// Enough answers to choose from without scrolling a long list.
const ICD10_PAGE_SIZE = 20;

export const searchIcd10 = (search: string, signal?: AbortSignal) =>
  api.get(patientPaths.icd10, { schema: icd10ListSchema, query: { search, page_size: ICD10_PAGE_SIZE }, signal });

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
