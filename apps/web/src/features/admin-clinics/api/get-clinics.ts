import { type AdminClinicListQuery, adminClinicsEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const getClinics = (query: Partial<AdminClinicListQuery>, signal?: AbortSignal) =>
  call(adminClinicsEndpoints.list, { query, signal });

/** Under `admin/clinics`: a new clinic, or a clinic's new name, changes the list. */
export const clinicsQueryKey = ['admin', 'clinics'] as const;

export const clinicsQueryOptions = (query: Partial<AdminClinicListQuery>) =>
  queryOptions({
    queryKey: [...clinicsQueryKey, 'list', query],
    queryFn: ({ signal }) => getClinics(query, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

export const useClinics = (query: Partial<AdminClinicListQuery>) => useQuery(clinicsQueryOptions(query));
