import { authEndpoints, MAX_PAGE_SIZE, type StaffMember, type TherapistListQueryInput } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

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

// A clinic has tens of staff; the cap only guards against a runaway loop.
const MAX_PAGES = 10;

/**
 * Every approved staff member of the clinic, read in pages of 100 until the last (decision 0111); for an admin, of
 * the clinic named by `clinicCode`, or of every clinic without it (decision 1150).
 */
export async function getAllClinicStaff(signal?: AbortSignal, clinicCode?: string): Promise<StaffMember[]> {
  const members: StaffMember[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await getClinicStaff({ clinic_code: clinicCode, page, page_size: MAX_PAGE_SIZE }, signal);
    members.push(...answer.results);
    if (answer.next === null) break;
  }
  return members;
}
