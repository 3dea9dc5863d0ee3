import { billingEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { clinicQuery, monthParts } from '../lib/billing-month.ts';
import { billingKeys } from './keys.ts';

/** Whether the month's billing file exists, with its name and date (decision 0801); abortable. */
export const checkBillingFile = (clinic: string | null, month: string, signal?: AbortSignal) =>
  call(billingEndpoints.checkFile, { params: monthParts(month), query: clinicQuery(clinic), signal });

export const billingFileQueryOptions = (clinic: string | null, month: string) =>
  queryOptions({
    queryKey: billingKeys.file(clinic, month),
    queryFn: ({ signal }) => checkBillingFile(clinic, month, signal),
    meta: { errorHandling: 'silent' },
  });

export const useBillingFile = (clinic: string | null, month: string | null) =>
  useQuery({ ...billingFileQueryOptions(clinic, month ?? ''), enabled: month !== null });
