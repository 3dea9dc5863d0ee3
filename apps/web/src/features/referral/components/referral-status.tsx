import type { Referral, ReferralStatus } from '@rehabit/contract';
import { type PillTone, StatusPill } from '@web/components/ui/pill/status-pill.tsx';
import { ClinicTime } from '@web/features/clinics';

const tones: Record<ReferralStatus, PillTone> = {
  invited: 'info',
  expired: 'neutral',
  signed_up: 'warning',
  approved: 'success',
};
export const referralStatusLabels: Record<ReferralStatus, string> = {
  invited: 'Invited',
  expired: 'Expired',
  signed_up: 'Signed up',
  approved: 'Approved',
};

export function ReferralStatusPill({ status }: { status: ReferralStatus }) {
  return <StatusPill tone={tones[status]}>{referralStatusLabels[status]}</StatusPill>;
}

/** A step's date, or a dash for one not reached. */
export function StepDate({ value }: { value: string | null }) {
  if (value) return <ClinicTime value={value} style="date" />;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not yet</span>
    </>
  );
}

/** What an open invitation waits for, and until when. */
export function expiryNote(referral: Referral) {
  if (referral.status === 'invited') return 'Link works until';
  if (referral.status === 'expired') return 'Link ran out on';
  return null;
}
