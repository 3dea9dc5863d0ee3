import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpChallenges, otpFailures } from '../../db/schema.ts';

/**
 * Phone codes and wrong tries, by phone number: asked for before any patient or clinic is known, and holding no
 * clinic's data (a phone, a code's hash, a client), so the repository takes no scope (decision 1340).
 */
export const createOtpRepository = (db: DbOrTx) => ({
  /**
   * Holds the phone's limits until the transaction ends, so two requests at once cannot both take the last code
   * or guess of a limit.
   */
  async lockPhone(phone: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
  },
  /** The codes sent to the phone since the time, oldest first, with who asked. */
  sendsSince(phone: string, since: Date) {
    return db
      .select({ at: otpChallenges.createdAt, client: otpChallenges.client })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), gt(otpChallenges.createdAt, since)))
      .orderBy(asc(otpChallenges.createdAt), asc(otpChallenges.id));
  },
  async create(values: typeof otpChallenges.$inferInsert) {
    await db.insert(otpChallenges).values(values);
  },
  /**
   * The newest code sent to the phone that is still waiting to be entered: the newest this client asked for, so
   * that codes others ask for meanwhile do not replace it, else the newest of all.
   */
  async findPending(phone: string, client: string, now: Date) {
    const [row] = await db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.verifiedAt), gt(otpChallenges.expiresAt, now)))
      .orderBy(
        desc(sql`${otpChallenges.client} is not distinct from ${client}`),
        desc(otpChallenges.createdAt),
        desc(otpChallenges.id),
      )
      .limit(1);
    return row;
  },
  async findByVerificationToken(tokenHash: string) {
    const [row] = await db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.verificationTokenHash, tokenHash), isNull(otpChallenges.consumedAt)))
      .limit(1);
    return row;
  },
  async update(id: number, values: Partial<typeof otpChallenges.$inferInsert>) {
    await db.update(otpChallenges).set(values).where(eq(otpChallenges.id, id));
  },
  /** The wrong codes entered for the phone since the time, oldest first, with who entered them. */
  failuresSince(phone: string, since: Date) {
    return db
      .select({ at: otpFailures.at, client: otpFailures.client })
      .from(otpFailures)
      .where(and(eq(otpFailures.phone, phone), gt(otpFailures.at, since)))
      .orderBy(asc(otpFailures.at), asc(otpFailures.id));
  },
  /** Counts a wrong code, and forgets the phone's wrong codes that no limit looks at any more. */
  async recordFailure(values: { phone: string; client: string; ip: string | null; at: Date }, forgetBefore: Date) {
    await db.delete(otpFailures).where(and(eq(otpFailures.phone, values.phone), lte(otpFailures.at, forgetBefore)));
    await db.insert(otpFailures).values(values);
  },
});
