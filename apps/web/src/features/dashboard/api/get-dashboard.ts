import { type DashboardQuery, dashboardEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { dashboardQueryKey } from './keys.ts';

/** The dashboard's figures: one therapist's patients, the clinic's, or (with neither) the caller's default view. */
export const getDashboard = (query: Partial<DashboardQuery>, signal?: AbortSignal) =>
  call(dashboardEndpoints.read, { query, signal });

/** Whose patients the figures count: one therapist's, the whole clinic's, or (neither) the caller's default view. */
export type Whose = { therapistId: number | null; isWholeClinic: boolean };

/** The query of a view: one therapist's patients, the whole clinic's, or the caller's default. */
const queryOf = ({ therapistId, isWholeClinic }: Whose): Partial<DashboardQuery> =>
  therapistId ? { therapist_id: therapistId } : isWholeClinic ? { scope: 'clinic' } : {};

export const dashboardQueryOptions = (whose: Whose) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, queryOf(whose)],
    queryFn: ({ signal }) => getDashboard(queryOf(whose), signal),
    // Calls logged and data arriving elsewhere change the figures: coming back reads them again.
    staleTime: 0,
    // The screen shows its own error state with a retry.
    meta: { errorHandling: 'silent' },
  });

export const useDashboard = (whose: Whose) => useQuery(dashboardQueryOptions(whose));
