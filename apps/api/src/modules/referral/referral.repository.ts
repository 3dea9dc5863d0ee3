import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, referrals, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

export type ReferralRow = typeof referrals.$inferSelect;
export type NewReferral = Pick<
  typeof referrals.$inferInsert,
  'senderId' | 'email' | 'firstName' | 'lastName' | 'codeHash' | 'invitedAt' | 'expiresAt'
>;

/**
 * Invitations of the referral program, kept to the scope: a sender's list and limits in the sender's clinic, and the
 * steps a colleague's account takes, found across clinics (`crossClinic('referral')`, decision 1010).
 */
export type ReferralRepository = ReturnType<typeof createReferralRepository>;

export const createReferralRepository = (db: DbOrTx, scope: ClinicScope) => {
  const referralsInScope = inScope(referrals.clinicId, scope);
  return {
    async listBySender(senderId: number, page: number, pageSize: number) {
      const where = and(eq(referrals.senderId, senderId), referralsInScope);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(referrals)
          .where(where)
          .orderBy(desc(referrals.invitedAt), desc(referrals.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(referrals).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },

    /**
     * Holds the sender's sends until the transaction ends, so two at once cannot both pass the daily cap; answers
     * whether it holds them (never for a sender outside the scope).
     */
    async holdSender(senderId: number): Promise<boolean> {
      const held = await db
        .select({ id: users.id, held: sql`pg_advisory_xact_lock(hashtext(${`referral-sender:${senderId}`}))` })
        .from(users)
        .where(and(eq(users.id, senderId), inScope(users.clinicId, scope)));
      return held.length > 0;
    },

    async countSentSince(senderId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(referrals)
        .where(and(eq(referrals.senderId, senderId), gt(referrals.invitedAt, since), referralsInScope));
      return row?.value ?? 0;
    },

    /** The address's open invitation (by anyone in the scope), if it has one. */
    async findOpenFor(email: string): Promise<ReferralRow | undefined> {
      const [row] = await db
        .select()
        .from(referrals)
        .where(and(eq(referrals.email, email), eq(referrals.status, 'invited'), referralsInScope))
        .limit(1);
      return row;
    },

    async findByCodeHash(codeHash: string): Promise<ReferralRow | undefined> {
      const [row] = await db
        .select()
        .from(referrals)
        .where(and(eq(referrals.codeHash, codeHash), referralsInScope))
        .limit(1);
      return row;
    },

    /** An address's invitation that ran out stops holding the address, so it can be invited again. */
    async expireOpen(email: string, now: Date) {
      await db
        .update(referrals)
        .set({ status: 'expired' })
        .where(
          and(
            eq(referrals.email, email),
            eq(referrals.status, 'invited'),
            lte(referrals.expiresAt, now),
            referralsInScope,
          ),
        );
    },

    /** Ends an invitation whose e-mail could not be sent, so the address can be invited again at once. */
    async withdraw(id: number, now: Date) {
      await db
        .update(referrals)
        .set({ status: 'expired', expiresAt: now })
        .where(and(eq(referrals.id, id), referralsInScope));
    },

    /**
     * Stores an invitation in the scope's clinic (the sender's); undefined when the address already has an open one
     * (sent at the same moment).
     */
    async insert(values: NewReferral): Promise<ReferralRow | undefined> {
      const [row] = await db
        .insert(referrals)
        .values({ ...values, clinicId: clinicIdOf(scope) })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async markSignedUp(id: number, userId: number, now: Date) {
      const [row] = await db
        .update(referrals)
        .set({ status: 'signed_up', userId, signedUpAt: now })
        .where(and(eq(referrals.id, id), eq(referrals.status, 'invited'), referralsInScope))
        .returning();
      return row;
    },

    /** The invitation a newly approved account came from, moved to approved (once). */
    async markApproved(userId: number, now: Date) {
      return db
        .update(referrals)
        .set({ status: 'approved', approvedAt: now })
        .where(and(eq(referrals.userId, userId), eq(referrals.status, 'signed_up'), referralsInScope))
        .returning();
    },

    /** The sender's name and clinic, for the e-mail and the link. */
    async senderOf(senderId: number) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          clinicName: clinics.name,
          clinicCode: clinics.code,
        })
        .from(users)
        .innerJoin(clinics, eq(clinics.id, users.clinicId))
        .where(and(eq(users.id, senderId), inScope(users.clinicId, scope)))
        .limit(1);
      return row;
    },
  };
};
