import { type ApprovalStatus, roleLabels, type StaffMember } from '@rehabit/contract';
import { type PillTone, StatusPill } from '@web/components/ui/pill/status-pill.tsx';
import { ActionsHeader } from '@web/components/ui/table/actions-header.tsx';
import { Table } from '@web/components/ui/table/table.tsx';
import { ClinicTime } from '@web/features/clinics';
import { useIsMobile } from '@web/lib/device.ts';
import type { ReactNode } from 'react';
import './staff.css';

const approvalTones: Record<ApprovalStatus, PillTone> = { pending: 'warning', approved: 'success', rejected: 'danger' };
export const approvalLabels: Record<ApprovalStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export function ApprovalPill({ member }: { member: StaffMember }) {
  if (member.status === 'approved' && !member.has_access) return <StatusPill tone="neutral">No access</StatusPill>;
  return <StatusPill tone={approvalTones[member.status]}>{approvalLabels[member.status]}</StatusPill>;
}

type StaffRowsProps = {
  caption: string;
  members: readonly StaffMember[];
  /** Whether each member's clinic is shown: the admin's list of every clinic (decision 1150). */
  showsClinic?: boolean;
  /** The actions of one member, when the viewer may act. */
  actions?: (member: StaffMember) => ReactNode;
  /** The access column, when the viewer may change it. */
  access?: (member: StaffMember) => ReactNode;
};

/** Staff as a table on desktop and as cards on phones. */
export function StaffRows({ caption, members, showsClinic = false, actions, access }: StaffRowsProps) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <ul className="staff-cards" aria-label={caption}>
        {members.map((member) => (
          <li key={member.id} className="staff-card">
            <div className="staff-card__who">
              <strong>{member.display_name}</strong>
              <span className="staff-card__meta">{member.email}</span>
              <span className="staff-card__meta">{roleLabels[member.role]}</span>
              {showsClinic && (
                <span className="staff-card__meta">
                  Clinic: {member.clinic_name} ({member.code})
                </span>
              )}
            </div>
            <ApprovalPill member={member} />
            {access && member.status === 'approved' && <div className="staff-card__access">{access(member)}</div>}
            {actions && <div className="staff-card__actions">{actions(member)}</div>}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          {showsClinic && <th scope="col">Clinic</th>}
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Signed up</th>
          {access && <th scope="col">Access</th>}
          {actions && <ActionsHeader />}
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.id}>
            <td>
              <strong>{member.display_name}</strong>
              <span className="data-table__secondary">{member.email}</span>
            </td>
            {showsClinic && (
              <td>
                {member.clinic_name}
                <span className="data-table__secondary tabular">{member.code}</span>
              </td>
            )}
            <td>{roleLabels[member.role]}</td>
            <td>
              <ApprovalPill member={member} />
            </td>
            <td>
              <ClinicTime value={member.created_at} style="date" />
            </td>
            {access && <td>{access(member)}</td>}
            {actions && <td className="staff-actions-cell">{actions(member)}</td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
