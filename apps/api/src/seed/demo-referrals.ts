import { REFERRAL_VALID_DAYS } from '@rehabit/contract';
import type { Tx } from '../db/client.ts';
import { referrals } from '../db/schema.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';

type DemoReferralInput = {
  clinicId: number;
  therapistId: number;
  /** The demo colleague who joined through an invitation, and the sign-up still waiting for approval. */
  colleague: { id: number; email: string; firstName: string; lastName: string };
  pending: { id: number; email: string; firstName: string; lastName: string };
  now: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** The colleague joined before the demo's history, which has them treating patients; the waiting one just now. */
export const COLLEAGUE_SIGNED_UP_DAYS_AGO = 118;
export const PENDING_SIGNED_UP_DAYS_AGO = 2;

/**
 * The demo therapist's invitations, one at each step: approved, signed up (the demo's waiting account, so approving
 * it moves the invitation on), still open, and run out. Their links are not kept anywhere, as in real use.
 */
export async function seedDemoReferrals(tx: Tx, { clinicId, therapistId, colleague, pending, now }: DemoReferralInput) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const invitation = (invitedDaysAgo: number) => ({
    clinicId,
    senderId: therapistId,
    codeHash: hashToken(randomToken()),
    invitedAt: daysAgo(invitedDaysAgo),
    expiresAt: daysAgo(invitedDaysAgo - REFERRAL_VALID_DAYS),
  });
  await tx.insert(referrals).values([
    {
      ...invitation(COLLEAGUE_SIGNED_UP_DAYS_AGO + 2),
      email: colleague.email,
      firstName: colleague.firstName,
      lastName: colleague.lastName,
      status: 'approved',
      userId: colleague.id,
      signedUpAt: daysAgo(COLLEAGUE_SIGNED_UP_DAYS_AGO),
      approvedAt: daysAgo(COLLEAGUE_SIGNED_UP_DAYS_AGO - 1),
    },
    {
      ...invitation(45),
      email: 'riley.chen@example.com',
      firstName: 'Riley',
      lastName: 'Chen',
    },
    {
      ...invitation(3),
      email: pending.email,
      firstName: pending.firstName,
      lastName: pending.lastName,
      status: 'signed_up',
      userId: pending.id,
      signedUpAt: daysAgo(PENDING_SIGNED_UP_DAYS_AGO),
    },
    {
      ...invitation(1),
      email: 'jordan.kim@example.com',
      firstName: 'Jordan',
      lastName: 'Kim',
    },
  ]);
}
