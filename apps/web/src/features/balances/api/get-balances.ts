import { balancesEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** The clinic named in a call: an admin's choice, or none (the caller's own clinic). */
export const clinicQuery = (clinic: string | null) => (clinic ? { clinic_code: clinic } : {});

/**
 * Under `billing`, as the billing queries are: a change of the billing settings (the hourly monitoring rate) reads
 * every billing figure again, these included.
 */
export const balancesQueryKey = (clinic: string | null, month: string, page: number) =>
  ['billing', clinic ?? 'own', 'balances', month, page] as const;

/** A month's staff balances: a page of the staff (a therapist: their own row) and the totals. */
export const getBalances = (clinic: string | null, month: string, page: number, signal?: AbortSignal) =>
  call(balancesEndpoints.read, { query: { month, page, ...clinicQuery(clinic) }, signal });

export const balancesQueryOptions = (clinic: string | null, month: string, page: number) =>
  queryOptions({
    queryKey: balancesQueryKey(clinic, month, page),
    queryFn: ({ signal }) => getBalances(clinic, month, page, signal),
    // Another page of the same month keeps the month's figures on screen while it loads; another month does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === 'balances' && previousQuery.queryKey[3] === month ? previous : undefined,
    meta: { errorHandling: 'silent' },
  });

export const useBalances = (clinic: string | null, month: string, page: number) =>
  useQuery(balancesQueryOptions(clinic, month, page));
