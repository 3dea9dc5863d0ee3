import { type ReferralListQuery, referralEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Every page of the caller's invitations lives under this key: a new invitation refreshes them all. */
export const referralsQueryKey = ['referrals'] as const;

export const getReferrals = (query: ReferralListQuery, signal?: AbortSignal) =>
  call(referralEndpoints.list, { query, signal });

export const referralsQueryOptions = (query: ReferralListQuery) =>
  queryOptions({
    queryKey: [...referralsQueryKey, query],
    queryFn: ({ signal }) => getReferrals(query, signal),
    // Another page keeps the last one on screen while it loads.
    placeholderData: keepPreviousData,
    // The list shows its own error state with a retry.
    meta: { errorHandling: 'silent' },
  });

export const useReferrals = (query: ReferralListQuery) => useQuery(referralsQueryOptions(query));
