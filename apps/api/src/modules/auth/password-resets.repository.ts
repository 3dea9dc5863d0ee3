import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets } from '../../db/schema.ts';

export const createPasswordResetsRepository = (db: DbOrTx) => ({
  async create(userId: number, tokenHash: string, now: Date, expiresAt: Date) {
    await db.insert(passwordResets).values({ userId, tokenHash, createdAt: now, expiresAt });
  },
  async findUsable(userId: number, tokenHash: string, now: Date) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, userId),
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  },
  /** One reset ends every outstanding link of the user. */
  async markAllUsed(userId: number, now: Date) {
    await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  },
});
