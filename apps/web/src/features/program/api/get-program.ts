import { hepEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const programQueryKey = (patientId: number) => ['program', patientId] as const;

export const getProgram = (patientId: number, signal?: AbortSignal) =>
  call(hepEndpoints.program, { params: { dashboardId: patientId }, signal });

export const programQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: programQueryKey(patientId),
    queryFn: ({ signal }) => getProgram(patientId, signal),
    // The section shows its own error state with a retry.
    meta: { errorHandling: 'silent' },
  });

export const useProgram = (patientId: number) => useQuery(programQueryOptions(patientId));
