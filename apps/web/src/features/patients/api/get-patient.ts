import { patientEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { patientsQueryKey } from './get-patients.ts';

export const getPatient = (id: number, signal?: AbortSignal) =>
  call(patientEndpoints.detail, { params: { id }, signal });

export const patientQueryKey = (id: number) => [...patientsQueryKey, 'detail', id] as const;

export const patientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: patientQueryKey(id),
    queryFn: ({ signal }) => getPatient(id, signal),
    meta: { errorHandling: 'silent' },
  });

export const usePatient = (id: number) => useQuery({ ...patientQueryOptions(id), enabled: Number.isInteger(id) });
