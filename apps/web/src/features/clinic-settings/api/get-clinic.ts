import { clinicEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const getClinic = (clinicCode: string, signal?: AbortSignal) =>
  call(clinicEndpoints.detail, { params: { clinicCode }, signal });

export const clinicQueryKey = (clinicCode: string) => ['clinics', clinicCode] as const;

export const clinicQueryOptions = (clinicCode: string) =>
  queryOptions({
    queryKey: clinicQueryKey(clinicCode),
    queryFn: ({ signal }) => getClinic(clinicCode, signal),
    meta: { errorHandling: 'silent' },
  });

export const useClinic = (clinicCode: string) => useQuery(clinicQueryOptions(clinicCode));
