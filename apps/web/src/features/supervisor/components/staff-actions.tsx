import { isManageableStaff, type StaffMember } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Switch } from '@web/components/ui/switch/switch.tsx';
import { notify } from '@web/lib/notify.ts';
import { Check, Crown, X } from 'lucide-react';
import { useSetAccess } from '../api/set-access.ts';
import { useSetApproval } from '../api/set-approval.ts';

/** Approve or reject a sign-up, and offer the supervisor role to approved staff with access. */
export function StaffActions({
  member,
  onHandOver,
}: {
  member: StaffMember;
  onHandOver: (member: StaffMember) => void;
}) {
  const approval = useSetApproval();
  if (!isManageableStaff(member)) return null;
  // Once decided, the row leaves the list of waiting sign-ups: the toast follows the promise, as
  // mutate callbacks are dropped with the component.
  const decide = (status: 'approved' | 'rejected') =>
    approval
      .mutateAsync({ user_id: member.id, status })
      .then(() =>
        notify.success(
          status === 'approved'
            ? `${member.display_name} is approved and can sign in`
            : `${member.display_name}'s sign-up is rejected`,
        ),
      )
      // A failure is already a toast (the query client's default for changes).
      .catch(() => undefined);
  const isDeciding = (status: string) => approval.isPending && approval.variables?.status === status;

  return (
    <div className="staff-actions">
      {member.status !== 'approved' && (
        <Button
          size="sm"
          icon={<Check size={16} aria-hidden="true" />}
          isLoading={isDeciding('approved')}
          disabled={approval.isPending}
          onClick={() => decide('approved')}
          aria-label={`Approve ${member.display_name}`}
        >
          Approve
        </Button>
      )}
      {member.status === 'pending' && (
        <Button
          size="sm"
          variant="secondary"
          icon={<X size={16} aria-hidden="true" />}
          isLoading={isDeciding('rejected')}
          disabled={approval.isPending}
          onClick={() => decide('rejected')}
          aria-label={`Reject ${member.display_name}`}
        >
          Reject
        </Button>
      )}
      {member.status === 'approved' && member.has_access && (
        <Button
          size="sm"
          variant="ghost"
          icon={<Crown size={16} aria-hidden="true" />}
          onClick={() => onHandOver(member)}
          aria-label={`Make ${member.display_name} the supervisor`}
        >
          Make supervisor
        </Button>
      )}
    </div>
  );
}

/** Whether an approved staff member may sign in; turning it off ends their sessions. */
export function AccessSwitch({ member }: { member: StaffMember }) {
  const access = useSetAccess();
  if (!isManageableStaff(member) || member.status !== 'approved') return <span className="muted">—</span>;
  const checked = access.isPending ? access.variables.has_access : member.has_access;
  return (
    <Switch
      label={`Access for ${member.display_name}`}
      isLabelHidden
      checked={checked}
      onText="Has access"
      offText="Blocked"
      isBusy={access.isPending}
      onChange={(hasAccess) =>
        access
          .mutateAsync({ therapists: [member.id], has_access: hasAccess })
          .then(() =>
            notify.success(
              hasAccess ? `${member.display_name} can sign in again` : `${member.display_name} can no longer sign in`,
            ),
          )
          .catch(() => undefined)
      }
    />
  );
}
