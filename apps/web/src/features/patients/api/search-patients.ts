import { patientEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { type SearchRules, searchQueryOptions } from '@web/lib/search-query.ts';

/** The clinic's patients matching a name, phone, e-mail or birthday, asked as the box that searches them asks. */
const patientSearchQueryOptions = (search: string, rules: SearchRules) =>
  searchQueryOptions(['patient-search'], search, rules, (words, matches, signal) =>
    call(patientEndpoints.list, { query: { search: words, page_size: matches }, signal }),
  );

export const usePatientSearch = (search: string, rules: SearchRules) =>
  useQuery(patientSearchQueryOptions(search, rules));
