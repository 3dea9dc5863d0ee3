import { canTreatPatients, MAX_PAGE_SIZE, type StaffMember } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clinicStaffQueryKey, getClinicStaff } from './get-clinic-staff.ts';

// A clinic has tens of staff; the cap only guards against a runaway loop.
const MAX_PAGES = 10;

/**
 * Every staff member who can be a patient's therapist. `role` filters only therapist or manager, and
 * the supervisor can treat too, so this reads all approved staff and keeps the ones who can treat.
 */
export async function getTreatingTherapists(signal?: AbortSignal): Promise<StaffMember[]> {
  const members: StaffMember[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await getClinicStaff({ page, page_size: MAX_PAGE_SIZE }, signal);
    members.push(...answer.results);
    if (answer.next === null) break;
  }
  return members.filter(canTreatPatients);
}

export const treatingTherapistsQueryOptions = () =>
  queryOptions({
    queryKey: [...clinicStaffQueryKey, 'treating'],
    queryFn: ({ signal }) => getTreatingTherapists(signal),
    staleTime: 5 * 60_000,
  });

export const useTreatingTherapists = () => useQuery(treatingTherapistsQueryOptions());
