import { nameWithRole } from '@rehabit/contract';
import type { SessionUser } from '@web/features/session';
import { type StaffChoice, StaffField, useColleagues } from '@web/features/staff';

/** The colleague who should do it: therapists, office managers and the supervisor with access, the caller too. */
export function ColleagueField({ user, ...choice }: StaffChoice & { user: SessionUser }) {
  return (
    <StaffField
      {...choice}
      label="Colleague"
      staff={useColleagues()}
      nameOf={(member) =>
        member.id === user.id ? `${member.display_name} (you)` : nameWithRole(member.display_name, member.role)
      }
      hints={{
        loading: 'Loading the clinic’s staff…',
        failed: 'The clinic’s staff could not be loaded. Close this window and try again.',
      }}
    />
  );
}
