import { authPaths, type TherapistListQuery, therapistListSchema } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/**
 * GET /clinic/therapist: the clinic's approved staff. Read by the staff list and by every
 * therapist picker (onboarding, change of therapist), so it lives below the features.
 */
export const getClinicStaff = (query: Partial<TherapistListQuery>, signal?: AbortSignal) =>
  api.get(authPaths.therapists, { schema: therapistListSchema, query, signal });

export const clinicStaffQueryKey = ['staff', 'clinic'] as const;

export const clinicStaffQueryOptions = (query: Partial<TherapistListQuery>) =>
  queryOptions({
    queryKey: [...clinicStaffQueryKey, query],
    queryFn: ({ signal }) => getClinicStaff(query, signal),
    placeholderData: keepPreviousData,
  });

export const useClinicStaff = (query: Partial<TherapistListQuery>) => useQuery(clinicStaffQueryOptions(query));
