import { type ApprovalStatus, approvalStatuses, type StaffMember } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import type { SessionUser } from '@web/features/session';
import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useApprovals } from '../api/get-approvals.ts';
import { HandOverDialog } from './hand-over-dialog.tsx';
import { AccessSwitch, StaffActions } from './staff-actions.tsx';
import { approvalLabels, StaffRows } from './staff-rows.tsx';

type StatusFilter = ApprovalStatus | '';
const statusOptions: { value: StatusFilter; label: string }[] = [
  ...approvalStatuses.map((value) => ({ value, label: approvalLabels[value] })),
  { value: '', label: 'All sign-ups' },
];

/** Supervisors' own work: sign-ups to decide on, access to grant or take away, the role to hand over. */
type ApprovalsSectionProps = {
  user: SessionUser;
  /** The clinic a platform admin chose; null: the caller's own (an admin's: every clinic). */
  clinicCode: string | null;
  /** Whether each row names its clinic: the admin's list of every clinic. */
  showsClinic: boolean;
};

export function ApprovalsSection({ user, clinicCode, showsClinic }: ApprovalsSectionProps) {
  // Waiting sign-ups first: deciding on them is why a supervisor comes here.
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [handOver, setHandOver] = useState<StaffMember | null>(null);
  const approvals = useApprovals({ clinic_code: clinicCode ?? undefined, status: status || undefined, page });
  const members = approvals.data?.results ?? [];

  return (
    <section className="section-card staff-section" aria-labelledby="approvals-title">
      <div className="staff-section__head">
        <div>
          <h2 id="approvals-title" className="section-card__title">
            Sign-ups and access
          </h2>
          <p className="staff-section__intro">
            Staff who sign up with the clinic code wait here until you approve them.
          </p>
        </div>
        <div className="staff-section__filter">
          <Dropdown
            label="Show"
            options={statusOptions}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </div>
      </div>
      <QueryStates
        query={approvals}
        loading={{ rows: 3, label: 'Loading sign-ups' }}
        failedTitle="The sign-ups could not be loaded"
        isEmpty={members.length === 0}
        empty={
          <EmptyState
            icon={UserCheck}
            title={status === 'pending' ? 'No sign-ups are waiting' : 'Nobody to show'}
            description={
              status === 'pending'
                ? 'Therapists and office managers who sign up with your clinic code appear here for approval.'
                : 'No staff member has this status.'
            }
            action={
              status !== '' && (
                <Button variant="secondary" onClick={() => setStatus('')}>
                  Show all sign-ups
                </Button>
              )
            }
          />
        }
        pages={{ label: 'Sign-up pages', page, total: approvals.data?.count ?? 0, onPageChange: setPage }}
      >
        <StaffRows
          caption="Sign-ups and access"
          members={members}
          showsClinic={showsClinic}
          access={(member) => <AccessSwitch member={member} />}
          actions={(member) => <StaffActions member={member} onHandOver={setHandOver} />}
        />
      </QueryStates>
      {handOver && <HandOverDialog member={handOver} user={user} onClose={() => setHandOver(null)} />}
    </section>
  );
}
