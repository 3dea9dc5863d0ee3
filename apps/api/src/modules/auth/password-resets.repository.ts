import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

/**
 * Reset links of the accounts the scope reaches: a link has no clinic of its own, it is its account's (decision
 * 1340). A link is checked by its token before any clinic is known, with `crossClinic('sign-in')`.
 */
export const createPasswordResetsRepository = (db: DbOrTx, scope: ClinicScope) => {
  /** The accounts the scope reaches, whose reset links it reaches. */
  const usersInScope = (...conditions: SQL[]) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(inScope(users.clinicId, scope), ...conditions));
  const ofUserInScope = () => inArray(passwordResets.userId, usersInScope());

  return {
    /** A reset link for the account, if the scope reaches it (another clinic's account gets none). */
    async create(userId: number, tokenHash: string, now: Date, expiresAt: Date) {
      const [user] = await usersInScope(eq(users.id, userId));
      if (user) await db.insert(passwordResets).values({ userId: user.id, tokenHash, createdAt: now, expiresAt });
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
            ofUserInScope(),
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
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), ofUserInScope()));
    },
  };
};
