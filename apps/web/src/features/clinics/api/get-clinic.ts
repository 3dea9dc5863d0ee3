import { clinicEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** A clinic by its code: the caller's own, or any clinic for an admin (404 otherwise). */
export const getClinic = (clinicCode: string, signal?: AbortSignal) =>
  call(clinicEndpoints.detail, { params: { clinicCode }, signal });

export const clinicQueryOptions = (clinicCode: string) =>
  queryOptions({
    queryKey: ['clinics', 'detail', clinicCode],
    queryFn: ({ signal }) => getClinic(clinicCode, signal),
    // A clinic's name and timezone rarely change.
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });

export const useClinic = (clinicCode: string) => useQuery(clinicQueryOptions(clinicCode));
