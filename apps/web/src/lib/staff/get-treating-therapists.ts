import { canTreatPatients, type StaffMember } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clinicStaffQueryKey, getAllClinicStaff } from './get-clinic-staff.ts';

/**
 * Every staff member who can be a patient's therapist. `role` filters only therapist or manager, and
 * the supervisor can treat too, so this reads all approved staff and keeps the ones who can treat.
 */
export async function getTreatingTherapists(signal?: AbortSignal): Promise<StaffMember[]> {
  return (await getAllClinicStaff(signal)).filter(canTreatPatients);
}

export const treatingTherapistsQueryOptions = () =>
  queryOptions({
    queryKey: [...clinicStaffQueryKey, 'treating'],
    queryFn: ({ signal }) => getTreatingTherapists(signal),
    staleTime: 5 * 60_000,
  });

export const useTreatingTherapists = () => useQuery(treatingTherapistsQueryOptions());
