import { patientEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { type SearchRules, searchQueryOptions } from '@web/lib/search-query.ts';

const ICD10_SEARCH: SearchRules = {
  // Enough answers to choose from without scrolling a long list.
  matches: 20,
  startsAt: 2,
  keepsEarlier: true,
  // The code list changes once a year.
  freshFor: 60 * 60_000,
};

/** Diagnosis codes matching a code or words; `search` is already debounced by the caller. */
export const useIcd10Search = (search: string) =>
  useQuery(
    searchQueryOptions(['icd10'], search, ICD10_SEARCH, (words, matches, signal) =>
      call(patientEndpoints.icd10, { query: { search: words, page_size: matches }, signal }),
    ),
  );
