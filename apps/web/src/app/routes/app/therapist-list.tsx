import { can } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { useClinicChoice } from '@web/features/clinics';
import { ClinicPicker } from '@web/features/clinics/components/clinic-picker.tsx';
import { useCurrentUser } from '@web/features/session';
import { ApprovalsSection } from '@web/features/supervisor/components/approvals-section.tsx';
import { StaffDirectory } from '@web/features/supervisor/components/staff-directory.tsx';
import './screens.css';

export function TherapistListRoute() {
  const user = useCurrentUser().data!;
  const canManage = can(user.role, 'staff.manage');
  // A platform admin reads one clinic's staff or every clinic's (decision 1150).
  const clinic = useClinicChoice(user.role);
  const scope = { clinicCode: clinic.code, showsClinic: clinic.isAdmin && !clinic.code };
  // Another clinic's lists start again from their first page and filters.
  const key = clinic.code ?? '';
  return (
    <>
      <PageHeader
        title="Therapists"
        description={
          canManage
            ? 'Approve new staff and decide who has access to the clinic.'
            : 'Everyone approved to work in your clinic.'
        }
      />
      {clinic.isAdmin && (
        <div className="screen-clinic-picker">
          <ClinicPicker value={clinic.code} onChange={(code) => clinic.choose(code)} />
        </div>
      )}
      {canManage && <ApprovalsSection key={`approvals-${key}`} user={user} {...scope} />}
      <StaffDirectory key={`staff-${key}`} {...scope} />
    </>
  );
}
