import { patientEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

const PICKER_SIZE = 8;

/** GET the clinic's patients matching a name, for starting a conversation. */
export const searchPatients = (search: string, signal?: AbortSignal) =>
  call(patientEndpoints.list, { query: { search, page_size: PICKER_SIZE }, signal });

export const usePatientSearch = (search: string) =>
  useQuery({
    queryKey: ['chat', 'patient-search', search],
    queryFn: ({ signal }) => searchPatients(search, signal),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });
