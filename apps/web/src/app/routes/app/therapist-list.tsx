import { can } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { ApprovalsSection } from '@web/features/supervisor/components/approvals-section.tsx';
import { StaffDirectory } from '@web/features/supervisor/components/staff-directory.tsx';
import { useCurrentUser } from '@web/lib/session/get-current-user.ts';
import './screens.css';

export function TherapistListRoute() {
  const user = useCurrentUser().data!;
  const canManage = can(user.role, 'staff.manage');
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
      {canManage && <ApprovalsSection user={user} />}
      <StaffDirectory />
    </>
  );
}
