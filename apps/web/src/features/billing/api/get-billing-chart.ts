import { billingEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { clinicQuery } from '../lib/billing-month.ts';
import { billingKeys } from './keys.ts';

/** The year's months up to `currentMonth`, units per code and expected payment (decision 0804). */
export const getBillingChart = (clinic: string | null, year: number, currentMonth: number, signal?: AbortSignal) =>
  call(billingEndpoints.chart, { query: { year, current_month: currentMonth, ...clinicQuery(clinic) }, signal });

export const billingChartQueryOptions = (clinic: string | null, year: number, currentMonth: number) =>
  queryOptions({
    queryKey: billingKeys.chart(clinic, year, currentMonth),
    queryFn: ({ signal }) => getBillingChart(clinic, year, currentMonth, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

export const useBillingChart = (clinic: string | null, year: number, currentMonth: number, isEnabled: boolean) =>
  useQuery({ ...billingChartQueryOptions(clinic, year, currentMonth), enabled: isEnabled });
