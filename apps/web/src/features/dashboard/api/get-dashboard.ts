import { type DashboardQuery, dashboardEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { dashboardQueryKey } from '@web/lib/work-keys.ts';

/** The dashboard's figures: one therapist's patients, or (without `therapist_id`) the caller's default view. */
export const getDashboard = (query: Partial<DashboardQuery>, signal?: AbortSignal) =>
  call(dashboardEndpoints.read, { query, signal });

export const dashboardQueryOptions = (therapistId: number | null) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, therapistId ?? 'default'],
    queryFn: ({ signal }) => getDashboard(therapistId ? { therapist_id: therapistId } : {}, signal),
    // Calls logged and data arriving elsewhere change the figures: coming back reads them again.
    staleTime: 0,
    // The screen shows its own error state with a retry.
    meta: { errorHandling: 'silent' },
  });

export const useDashboard = (therapistId: number | null) => useQuery(dashboardQueryOptions(therapistId));
