import { can, type StaffMember } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { paths } from '@web/config/paths.ts';
import type { SessionUser } from '@web/features/session';
import { endSession } from '@web/features/session';
import { notify } from '@web/lib/notify.ts';
import { forgetRedirectPath } from '@web/lib/storage.ts';
import { useNavigate } from 'react-router';
import { useAssignSupervisor } from '../api/assign-supervisor.ts';

/**
 * The clinic has one supervisor. Handing the role over makes the present supervisor a Staff
 * Therapist and ends both people's sessions, so a supervisor is signed out here at once.
 */
export function HandOverDialog({
  member,
  user,
  onClose,
}: {
  member: StaffMember;
  user: SessionUser;
  onClose: () => void;
}) {
  const assign = useAssignSupervisor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A supervisor hands over their own role; an admin names a clinic's new supervisor.
  const isSelfHandOver = can(user.role, 'clinic.supervise');

  const confirm = () =>
    assign.mutate(
      { user_id: member.id },
      {
        onSuccess: () => {
          if (isSelfHandOver) {
            notify.info(`${member.display_name} is now the supervisor. Sign in again as a Staff Therapist.`);
            forgetRedirectPath();
            endSession(queryClient, { isVoluntary: true });
            navigate(paths.login.getHref(), { replace: true });
            return;
          }
          notify.success(`${member.display_name} is now the supervisor of their clinic`);
          queryClient.invalidateQueries({ queryKey: ['staff'] });
          onClose();
        },
      },
    );

  return (
    <ConfirmDialog
      isOpen
      onClose={onClose}
      onConfirm={confirm}
      title={`Make ${member.display_name} the supervisor?`}
      confirmLabel="Hand over the supervisor role"
      tone="danger"
      isPending={assign.isPending}
      error={assign.error ?? undefined}
    >
      <p>
        {member.display_name} becomes the clinic&apos;s supervisor: they approve staff, manage access and sign off
        billing. Supervisor sign-in with the clinic code then uses their password.
      </p>
      {isSelfHandOver ? (
        <p>
          <strong>You become a Staff Therapist</strong> and are signed out now, as is {member.display_name}.
        </p>
      ) : (
        <p>The present supervisor becomes a Staff Therapist. Both are signed out.</p>
      )}
    </ConfirmDialog>
  );
}
