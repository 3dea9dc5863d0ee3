import { billingEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { clinicQuery, monthParts } from '../lib/billing-month.ts';
import { billingKeys } from './keys.ts';

/** A clinic's month, units per code and a page of the patients who bill (decision 0804). */
export const getBillingUnits = (clinic: string | null, month: string, page: number, signal?: AbortSignal) =>
  call(billingEndpoints.units, { query: { ...monthParts(month), page, ...clinicQuery(clinic) }, signal });

export const billingUnitsQueryOptions = (clinic: string | null, month: string, page: number) =>
  queryOptions({
    queryKey: billingKeys.units(clinic, month, page),
    queryFn: ({ signal }) => getBillingUnits(clinic, month, page, signal),
    // Another page of the same month keeps the month's figures on screen while it loads; another month does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === 'units' && previousQuery.queryKey[3] === month ? previous : undefined,
    meta: { errorHandling: 'silent' },
  });

/** `month` is null until the clinic's current month is known. */
export const useBillingUnits = (clinic: string | null, month: string | null, page: number) =>
  useQuery({ ...billingUnitsQueryOptions(clinic, month ?? '', page), enabled: month !== null });
