import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type { OutboxAttachment } from '../db/schema.ts';

/**
 * The outbox of e-mails and texts: every message written before it is delivered, then marked with the outcome. It
 * takes no clinic scope (decision 1340): a message is addressed to an e-mail or a phone and names no clinic, and the
 * only reader is the demo outbox page, which shows the whole server's outbox to its own machine or a platform admin
 * (decision 0500).
 */
export const createOutboxRepository = (db: DbOrTx) => ({
  /**
   * Messages as the outbox first holds them: queued for delivery, or suppressed (recorded, never delivered). Answers
   * their ids in the messages' order: one insert takes its identities in the order of its values, so the ids sorted
   * are the messages' (the order of the rows it returns is not promised).
   */
  async insert(messages: (typeof outbox.$inferInsert)[]): Promise<number[]> {
    if (messages.length === 0) return [];
    const rows = await db.insert(outbox).values(messages).returning({ id: outbox.id });
    return rows.map((row) => row.id).sort((a, b) => a - b);
  },

  async markSent(id: number, sentAt: Date): Promise<void> {
    await db.update(outbox).set({ status: 'sent', sentAt, attempts: 1 }).where(eq(outbox.id, id));
  },

  async markFailed(id: number, error: string): Promise<void> {
    await db.update(outbox).set({ status: 'failed', attempts: 1, error }).where(eq(outbox.id, id));
  },

  /** The newest messages, newest first. */
  latest: (limit: number) => db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit),
});
