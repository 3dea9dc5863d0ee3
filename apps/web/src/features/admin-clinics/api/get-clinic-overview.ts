import { adminClinicsEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { clinicsQueryKey } from './get-clinics.ts';

export const getClinicOverview = (clinicCode: string, signal?: AbortSignal) =>
  call(adminClinicsEndpoints.detail, { params: { clinicCode }, signal });

export const clinicOverviewQueryOptions = (clinicCode: string) =>
  queryOptions({
    queryKey: [...clinicsQueryKey, 'detail', clinicCode],
    queryFn: ({ signal }) => getClinicOverview(clinicCode, signal),
    meta: { errorHandling: 'silent' },
  });

export const useClinicOverview = (clinicCode: string) => useQuery(clinicOverviewQueryOptions(clinicCode));
