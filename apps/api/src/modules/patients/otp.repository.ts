import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpChallenges } from '../../db/schema.ts';

export const createOtpRepository = (db: DbOrTx) => ({
  async countSince(phone: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), gt(otpChallenges.createdAt, since)));
    return row?.n ?? 0;
  },
  async create(values: typeof otpChallenges.$inferInsert) {
    await db.insert(otpChallenges).values(values);
  },
  /** The newest code sent to the phone that is still waiting to be entered. */
  async findPending(phone: string, now: Date) {
    const [row] = await db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.verifiedAt), gt(otpChallenges.expiresAt, now)))
      .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
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
});
