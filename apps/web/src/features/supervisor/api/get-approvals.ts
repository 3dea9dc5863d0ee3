import { type ApprovalQuery, supervisorEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const getApprovals = (query: Partial<ApprovalQuery>, signal?: AbortSignal) =>
  call(supervisorEndpoints.approvals, { query, signal });

/** Under the staff key: approving someone changes the clinic's staff list too. */
export const approvalsQueryKey = ['staff', 'approvals'] as const;

export const approvalsQueryOptions = (query: Partial<ApprovalQuery>) =>
  queryOptions({
    queryKey: [...approvalsQueryKey, query],
    queryFn: ({ signal }) => getApprovals(query, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

export const useApprovals = (query: Partial<ApprovalQuery>) => useQuery(approvalsQueryOptions(query));
