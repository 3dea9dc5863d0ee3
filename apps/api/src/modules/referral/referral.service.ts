import {
  REFERRAL_DAILY_CAP,
  REFERRAL_VALID_DAYS,
  type Referral,
  type ReferralListQuery,
  referralSignupUrl,
  type SendReferralBody,
  toPage,
} from '@rehabit/contract';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { addMinutes } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { MailingCore } from '../../plugins/core.ts';
import type { ReferralSteps } from '../auth/signup.service.ts';
import { displayName } from '../auth/users.repository.ts';
import type { Caller, Data, TxData } from '../data-access.ts';
import type { ReferralRepository, ReferralRow } from './referral.repository.ts';
import { inviteEmail } from './referral-email.ts';

type Deps = Omit<MailingCore, 'db'>;

const DAY_MINUTES = 24 * 60;

/** A day as the messages say it: "March 2, 2026". */
const dayOf = (instant: Date) => instant.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** An invitation still stored as invited after its link ran out shows as expired (the row changes when re-invited). */
const statusOf = (row: ReferralRow, now: Date): Referral['status'] =>
  row.status === 'invited' && row.expiresAt <= now ? 'expired' : row.status;

const toReferral = (row: ReferralRow, now: Date): Referral => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  status: statusOf(row, now),
  invited_at: row.invitedAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  signed_up_at: row.signedUpAt?.toISOString() ?? null,
  approved_at: row.approvedAt?.toISOString() ?? null,
});

/**
 * The referral program (decision 1010): invitations by e-mail with a one-time code bound to the invited address,
 * limited per address and per sender, and the steps the colleague's account takes (sign-up, approval), which the
 * auth and supervisor services report inside their own transactions.
 */
export function createReferralService({ clock, mailer, audit, config }: Deps) {
  /** A sender's own invitations, which belong to the sender's clinic (an admin's too). */
  const sendersOwn = (actor: Caller) => actor.data.within(clinicScope(actor.clinicId));
  /**
   * Invitations by address or by the account they brought, whichever clinic sent them: one open invitation an
   * address, and a colleague who joins another clinic still counts (decision 1010).
   */
  const anyClinics = (data: Data | TxData) => data.within(crossClinic('referral')).referral;
  const portal = new URL(config.PUBLIC_URL);

  /** The link is built from PUBLIC_URL; a sign-up page elsewhere is refused, so no e-mail ever points away. */
  function assertOwnSignupPage(actionUrl: string) {
    if (new URL(actionUrl).origin !== portal.origin) {
      throw fieldError('action_url', `The sign-up link must open this portal (${portal.origin}).`);
    }
  }

  async function assertUnderDailyCap(from: ReferralRepository, actor: Caller, now: Date) {
    const sent = await from.countSentSince(actor.id, addMinutes(now, -DAY_MINUTES));
    if (sent >= REFERRAL_DAILY_CAP) {
      throw new AppError(
        'rate_limited',
        `You have sent ${REFERRAL_DAILY_CAP} invitations in the last 24 hours, the most allowed. Try again tomorrow.`,
      );
    }
  }

  async function assertInvitable(actor: Caller, email: string, now: Date) {
    if (await actor.data.within(crossClinic('sign-in')).users.findByEmail(email)) {
      const message = `${email} already has a Rehabit account, so there is nothing to invite them to.`;
      throw fieldError('email', message, 'conflict');
    }
    const open = await anyClinics(actor.data).findOpenFor(email);
    if (isOpen(open, now)) throw alreadyInvited(email, open.expiresAt);
  }

  const alreadyInvited = (email: string, until: Date) => {
    const message = `${email} already has an open invitation, valid until ${dayOf(until)}. One invitation at a time.`;
    return fieldError('email', message, 'conflict');
  };

  return {
    async send(actor: Caller, body: SendReferralBody, ctx: RequestContext): Promise<Referral> {
      assertOwnSignupPage(body.action_url);
      const now = clock.now();
      // Checked first, so the cap also limits asking which addresses have accounts; again under the lock below.
      await assertUnderDailyCap(sendersOwn(actor).referral, actor, now);
      await assertInvitable(actor, body.email, now);
      const code = randomToken();
      const expiresAt = addMinutes(now, REFERRAL_VALID_DAYS * DAY_MINUTES);
      const row = await sendersOwn(actor).transaction(async (data) => {
        const txRepo = data.referral;
        await txRepo.holdSender(actor.id);
        await assertUnderDailyCap(txRepo, actor, now);
        await anyClinics(data).expireOpen(body.email, now);
        const inserted = await txRepo.insert({
          senderId: actor.id,
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          codeHash: hashToken(code),
          invitedAt: now,
          expiresAt,
        });
        // Another invitation to the address was stored a moment ago.
        if (!inserted) throw alreadyInvited(body.email, expiresAt);
        await audit.record(
          {
            action: 'referral.send',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: actor.clinicId,
            ip: ctx.ip,
            detail: { referral_id: inserted.id },
          },
          data.db,
        );
        return inserted;
      });
      const sender = (await sendersOwn(actor).referral.senderOf(actor.id))!;
      const delivery = await mailer.send({
        to: body.email,
        ...inviteEmail({
          colleagueName: `${body.first_name} ${body.last_name}`,
          senderName: displayName(sender),
          clinicName: sender.clinicName,
          link: referralSignupUrl(config.PUBLIC_URL, code, sender.clinicCode),
          validUntil: dayOf(expiresAt),
        }),
        // Restricted demo accounts' e-mails never leave the platform (decision 1010).
        suppress: actor.clinicCode === config.RESTRICTED_CLINIC_CODE,
      });
      if (delivery.status === 'failed') {
        // An invitation nobody received would hold the address for 30 days.
        await sendersOwn(actor).referral.withdraw(row.id, now);
        throw new AppError('delivery_failed', 'The invitation could not be e-mailed just now; try again later.');
      }
      return toReferral(row, now);
    },

    async list(actor: Caller, query: ReferralListQuery, ctx: RequestContext) {
      const { rows, count } = await sendersOwn(actor).referral.listBySender(actor.id, query.page, query.page_size);
      await audit.record({
        action: 'referral.list',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: actor.clinicId,
        ip: ctx.ip,
        detail: { count, page: query.page },
      });
      const now = clock.now();
      return toPage(
        rows.map((row) => toReferral(row, now)),
        count,
        query,
      );
    },

    /** The steps of an invited colleague's account, run inside the sign-up's and the approval's transactions. */
    steps: {
      async signedUp(data: TxData, account: { userId: number; clinicId: number; email: string; referral?: string }) {
        const now = clock.now();
        const txRepo = anyClinics(data);
        const row = account.referral
          ? await txRepo.findByCodeHash(hashToken(account.referral))
          : // Invited, but came in through the sign-up page itself: the open invitation to the address counts.
            await txRepo.findOpenFor(account.email);
        if (account.referral) assertUsable(row, account.email, now);
        if (!isOpen(row, now)) return;
        await txRepo.markSignedUp(row.id, account.userId, now);
        await audit.record(
          {
            action: 'referral.signed_up',
            outcome: 'success',
            actorUserId: account.userId,
            // Filed where the account is: the sender's clinic may be another, and its log never names other
            // clinics' people (decision 1010).
            clinicId: account.clinicId,
            detail: { referral_id: row.id, from: 'invited', to: 'signed_up' },
          },
          data.db,
        );
      },

      async approved(data: TxData, approval: { userId: number; clinicId: number; actorUserId: number }) {
        const rows = await anyClinics(data).markApproved(approval.userId, clock.now());
        for (const row of rows) {
          await audit.record(
            {
              action: 'referral.approved',
              outcome: 'success',
              actorUserId: approval.actorUserId,
              clinicId: approval.clinicId,
              detail: { referral_id: row.id, from: 'signed_up', to: 'approved' },
            },
            data.db,
          );
        }
      },
    } satisfies ReferralSteps,
  };
}

/** An invitation whose link still works: not used, not run out. */
const isOpen = (row: ReferralRow | undefined, now: Date): row is ReferralRow =>
  row?.status === 'invited' && row.expiresAt > now;

/** A sign-up that names a referral code must use a live one, with the address it was sent to. */
function assertUsable(row: ReferralRow | undefined, email: string, now: Date): asserts row is ReferralRow {
  if (!isOpen(row, now)) {
    throw fieldError(
      'referral',
      'This invitation link has expired or was already used. Ask your colleague for a new one, or sign up without it.',
    );
  }
  if (row.email !== email) {
    throw fieldError('email', 'This invitation was sent to another e-mail address. Sign up with that address.');
  }
}

export type ReferralService = ReturnType<typeof createReferralService>;
