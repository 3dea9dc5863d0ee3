import { roleLabels, type StaffRole, staffRoles } from '@rehabit/contract';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { useClinicStaff } from '@web/features/staff';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { StaffRows } from './staff-rows.tsx';

type RoleFilter = StaffRole | '';
const roleOptions: { value: RoleFilter; label: string }[] = [
  { value: '', label: 'All roles' },
  ...staffRoles.map((value) => ({ value, label: roleLabels[value] })),
];

type StaffDirectoryProps = {
  /** The clinic a platform admin chose; null: the caller's own (an admin's: every clinic). */
  clinicCode: string | null;
  /** Whether each row names its clinic: the admin's list of every clinic. */
  showsClinic: boolean;
};

/** Everyone approved to work in the clinic, for every staff member to look up. */
export function StaffDirectory({ clinicCode, showsClinic }: StaffDirectoryProps) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const [role, setRole] = useState<RoleFilter>('');
  const [page, setPage] = useState(1);
  const staff = useClinicStaff({
    clinic_code: clinicCode ?? undefined,
    search: search || undefined,
    role: role || undefined,
    page,
  });
  const members = staff.data?.results ?? [];

  return (
    <section className="section-card staff-section" aria-labelledby="directory-title">
      <h2 id="directory-title" className="section-card__title">
        Clinic staff
      </h2>
      <div className="staff-section__filters">
        <TextField
          label="Search staff"
          type="search"
          placeholder="Name or e-mail"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPage(1);
          }}
        />
        <Dropdown
          label="Role"
          options={roleOptions}
          value={role}
          onChange={(next) => {
            setRole(next);
            setPage(1);
          }}
        />
      </div>
      <QueryStates
        query={staff}
        loading={{ rows: 4, label: 'Loading staff' }}
        failedTitle="The staff list could not be loaded"
        isEmpty={members.length === 0}
        empty={
          <EmptyState
            icon={Users}
            title={search || role ? 'Nobody matches' : 'No approved staff yet'}
            description={
              search || role
                ? 'Try another name, or all roles.'
                : 'Staff sign up with the clinic code at /therapist-signup; the supervisor approves them.'
            }
          />
        }
        pages={{ label: 'Staff pages', page, total: staff.data?.count ?? 0, onPageChange: setPage }}
      >
        <StaffRows caption="Clinic staff" members={members} showsClinic={showsClinic} />
      </QueryStates>
    </section>
  );
}
