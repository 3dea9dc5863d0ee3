import { and, count, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';

/** Failed sign-ins per account key; known and unknown accounts are counted alike. */
export const createLockoutRepository = (db: DbOrTx) => ({
  async recentFailures(account: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.account, account), gt(signInFailures.at, since)));
    return row?.n ?? 0;
  },
  async recordFailure(account: string, ip: string | null, at: Date) {
    await db.insert(signInFailures).values({ account, ip, at });
  },
  async clear(account: string) {
    await db.delete(signInFailures).where(eq(signInFailures.account, account));
  },
});
