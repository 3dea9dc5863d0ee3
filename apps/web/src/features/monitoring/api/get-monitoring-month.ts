import { monitoringEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { monitoringKeys } from '@web/features/monitoring/api/monitoring-keys.ts';
import { call } from '@web/lib/api-client.ts';

export const getMonitoringMonth = (patientId: number, month: string | null, page: number, signal?: AbortSignal) =>
  call(monitoringEndpoints.month, { params: { id: patientId }, query: { page, month: month ?? undefined }, signal });

export const monitoringMonthQueryOptions = (patientId: number, month: string | null, page: number) =>
  queryOptions({
    queryKey: monitoringKeys.month(patientId, month, page),
    queryFn: ({ signal }) => getMonitoringMonth(patientId, month, page, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

export const useMonitoringMonth = (patientId: number, month: string | null, page: number) =>
  useQuery(monitoringMonthQueryOptions(patientId, month, page));
