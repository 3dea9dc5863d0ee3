import { authEndpoints, type TherapistListQueryInput } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';

/**
 * GET /clinic/therapist: the clinic's approved staff. Read by the staff list and by every
 * therapist picker (onboarding, change of therapist), so it lives below the features.
 */
export const getClinicStaff = (query: TherapistListQueryInput, signal?: AbortSignal) =>
  call(authEndpoints.staffList, { query, signal });

export const clinicStaffQueryKey = ['staff', 'clinic'] as const;

export const clinicStaffQueryOptions = (query: TherapistListQueryInput) =>
  queryOptions({
    queryKey: [...clinicStaffQueryKey, query],
    queryFn: ({ signal }) => getClinicStaff(query, signal),
    placeholderData: keepPreviousData,
  });

export const useClinicStaff = (query: TherapistListQueryInput) => useQuery(clinicStaffQueryOptions(query));
