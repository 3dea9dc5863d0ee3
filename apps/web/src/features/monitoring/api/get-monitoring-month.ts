import { monitoringEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/**
 * Query keys of monitored minutes. Everything about one patient starts with `monitoringKeys.patient(id)`, so the
 * monitoring timer invalidates that prefix after each save and the minutes shown follow.
 */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  patient: (patientId: number) => [...monitoringKeys.all, 'patient', patientId] as const,
  /** One page of a month; `month` null: the clinic's current month. */
  month: (patientId: number, month: string | null, page: number) =>
    [...monitoringKeys.patient(patientId), 'month', month, page] as const,
};

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
