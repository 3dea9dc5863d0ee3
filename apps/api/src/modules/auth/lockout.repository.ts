import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInClients, signInFailures } from '../../db/schema.ts';

/**
 * Failed sign-ins per account key and address, and the addresses each key signed in from (decision 1295); known
 * and unknown accounts are counted alike.
 */
export const createLockoutRepository = (db: DbOrTx) => ({
  /** The account key's failures since the time, oldest first, with the address each came from. */
  failuresSince(account: string, since: Date) {
    return db
      .select({ at: signInFailures.at, client: signInFailures.client })
      .from(signInFailures)
      .where(and(eq(signInFailures.account, account), gt(signInFailures.at, since)))
      .orderBy(asc(signInFailures.at), asc(signInFailures.id));
  },
  /** When the address failed to sign in since the time, to any account. */
  async clientFailuresSince(client: string, since: Date) {
    const rows = await db
      .select({ at: signInFailures.at })
      .from(signInFailures)
      .where(and(eq(signInFailures.client, client), gt(signInFailures.at, since)));
    return rows.map((row) => row.at);
  },
  /** Whether the account key signed in from the address since the time. */
  async isFamiliar(account: string, client: string, since: Date) {
    const [row] = await db
      .select({ at: signInClients.lastSuccessAt })
      .from(signInClients)
      .where(
        and(
          eq(signInClients.account, account),
          eq(signInClients.client, client),
          gt(signInClients.lastSuccessAt, since),
        ),
      )
      .limit(1);
    return Boolean(row);
  },
  /** Counts a failure, and forgets the key's failures that no limit looks at any more. */
  async recordFailure(values: { account: string; client: string; ip: string | null; at: Date }, forgetBefore: Date) {
    await db
      .delete(signInFailures)
      .where(and(eq(signInFailures.account, values.account), lte(signInFailures.at, forgetBefore)));
    await db.insert(signInFailures).values(values);
  },
  /** A sign-in from the address: its failures for the key are forgiven, and the address is familiar from now. */
  async succeeded(account: string, client: string, at: Date) {
    await db.delete(signInFailures).where(and(eq(signInFailures.account, account), eq(signInFailures.client, client)));
    await db
      .insert(signInClients)
      .values({ account, client, lastSuccessAt: at })
      .onConflictDoUpdate({ target: [signInClients.account, signInClients.client], set: { lastSuccessAt: at } });
  },
  /** Forgets every failure of the key: its owner proved who they are another way (a password reset). */
  async clear(account: string) {
    await db.delete(signInFailures).where(eq(signInFailures.account, account));
  },
});
