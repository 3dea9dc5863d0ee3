import type { Referral } from '@rehabit/contract';
import { Table } from '@web/components/ui/table/table.tsx';
import { ClinicTime } from '@web/features/clinics';
import { useIsMobile } from '@web/lib/device.ts';
import { expiryNote, ReferralStatusPill, StepDate } from './referral-status.tsx';

const nameOf = (referral: Referral) => `${referral.first_name} ${referral.last_name}`;

function Expiry({ referral }: { referral: Referral }) {
  const note = expiryNote(referral);
  if (!note) return null;
  return (
    <span className="data-table__secondary">
      {note} <ClinicTime value={referral.expires_at} style="date" />
    </span>
  );
}

/** Invitations as a table on desktop and as cards on phones, each with the date of every step reached. */
export function ReferralRows({ referrals }: { referrals: readonly Referral[] }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <ul className="referral-cards" aria-label="Your invitations">
        {referrals.map((referral) => (
          <li key={referral.id} className="referral-card">
            <div className="referral-card__head">
              <div className="referral-card__who">
                <strong>{nameOf(referral)}</strong>
                <span className="referral-card__meta">{referral.email}</span>
              </div>
              <ReferralStatusPill status={referral.status} />
            </div>
            <dl className="referral-card__steps">
              <dt>Invited</dt>
              <dd>
                <ClinicTime value={referral.invited_at} style="date" />
              </dd>
              <dt>Signed up</dt>
              <dd>
                <StepDate value={referral.signed_up_at} />
              </dd>
              <dt>Approved</dt>
              <dd>
                <StepDate value={referral.approved_at} />
              </dd>
            </dl>
            <Expiry referral={referral} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table caption="Your invitations">
      <thead>
        <tr>
          <th scope="col">Colleague</th>
          <th scope="col">Status</th>
          <th scope="col">Invited</th>
          <th scope="col">Signed up</th>
          <th scope="col">Approved</th>
        </tr>
      </thead>
      <tbody>
        {referrals.map((referral) => (
          <tr key={referral.id}>
            <td>
              <strong>{nameOf(referral)}</strong>
              <span className="data-table__secondary">{referral.email}</span>
            </td>
            <td>
              <ReferralStatusPill status={referral.status} />
            </td>
            <td>
              <ClinicTime value={referral.invited_at} style="date" />
              <Expiry referral={referral} />
            </td>
            <td>
              <StepDate value={referral.signed_up_at} />
            </td>
            <td>
              <StepDate value={referral.approved_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
