import { can, type StaffMember } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clinicStaffQueryKey, getAllClinicStaff } from './get-clinic-staff.ts';

/** Staff a task can be given to: those of the clinic who work tasks, approved and with access. */
export const canWorkTasks = (member: StaffMember) =>
  can(member.role, 'tasks.work') && member.status === 'approved' && member.has_access;

export async function getColleagues(signal?: AbortSignal): Promise<StaffMember[]> {
  return (await getAllClinicStaff(signal)).filter(canWorkTasks);
}

export const colleaguesQueryOptions = () =>
  queryOptions({
    queryKey: [...clinicStaffQueryKey, 'colleagues'],
    queryFn: ({ signal }) => getColleagues(signal),
    staleTime: 5 * 60_000,
  });

export const useColleagues = () => useQuery(colleaguesQueryOptions());
