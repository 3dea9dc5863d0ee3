import type { TherapistListQuery } from '@rehabit/contract';
import { toPage } from '@rehabit/contract';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import type { Caller } from '../data-access.ts';
import { toStaffMember } from './users.repository.ts';

/** The clinic's approved staff (an admin: every clinic's), for look-ups and the therapist pickers. */
export function createStaffListService() {
  return {
    async staffList(actor: Caller, query: TherapistListQuery) {
      const { search, role, has_access, page, page_size } = query;
      const { scope } = await chosenClinic(actor, query.clinic_code);
      const { rows, count } = await actor.data.within(scope).users.listStaff({
        roles: role ? [role] : ['therapist', 'manager', 'supervisor'],
        status: 'approved',
        hasAccess: has_access,
        search,
        page,
        pageSize: page_size,
      });
      return toPage(rows.map(toStaffMember), count, { page, page_size });
    },
  };
}
export type StaffListService = ReturnType<typeof createStaffListService>;
