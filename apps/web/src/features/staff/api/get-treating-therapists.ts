import { canTreatPatients, type StaffMember } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clinicStaffQueryKey, getAllClinicStaff } from './get-clinic-staff.ts';

/**
 * Every staff member who can be a patient's therapist. `role` filters only therapist or manager, and
 * the supervisor can treat too, so this reads all approved staff and keeps the ones who can treat.
 */
export async function getTreatingTherapists(signal?: AbortSignal, clinicCode?: string): Promise<StaffMember[]> {
  return (await getAllClinicStaff(signal, clinicCode)).filter(canTreatPatients);
}

/** `clinicCode`: the clinic an admin chose (decision 1150); without it, the caller's clinic (an admin's: all). */
export const treatingTherapistsQueryOptions = (clinicCode?: string) =>
  queryOptions({
    queryKey: [...clinicStaffQueryKey, 'treating', clinicCode ?? null],
    queryFn: ({ signal }) => getTreatingTherapists(signal, clinicCode),
    staleTime: 5 * 60_000,
  });

export const useTreatingTherapists = (clinicCode?: string) => useQuery(treatingTherapistsQueryOptions(clinicCode));
