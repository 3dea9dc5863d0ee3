import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { createOutboxRepository } from './outbox.repository.ts';

export type OutgoingMessage = {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  /** Restricted demo accounts: recorded, never delivered. */
  suppress?: boolean;
};
export type SendResult = {
  id: number;
  status: 'queued' | 'sent' | 'failed' | 'suppressed';
  /** Why delivery failed, as the outbox records it. */
  error?: string;
};
type Deps = { db: DbOrTx; clock: Clock; log?: FastifyBaseLogger };

/**
 * Every message is first written to the outbox so nothing is lost; when a transport is configured the message is
 * then delivered and marked sent (or failed, with the reason). Without one it stays queued in the outbox.
 */
export async function sendThroughOutbox(
  { db, clock, log }: Deps,
  message: OutgoingMessage,
  deliver?: () => Promise<void>,
): Promise<SendResult> {
  const repo = createOutboxRepository(db);
  const id = await repo.insert({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    status: message.suppress ? 'suppressed' : 'queued',
  });
  if (message.suppress) return { id, status: 'suppressed' };
  if (!deliver) return { id, status: 'queued' };
  try {
    await deliver();
    await repo.markSent(id, clock.now());
    return { id, status: 'sent' };
  } catch (err) {
    log?.warn({ err, outboxId: id, channel: message.channel }, 'delivery failed');
    const error = String((err as Error).message).slice(0, 500);
    await repo.markFailed(id, error);
    return { id, status: 'failed', error };
  }
}

/** The newest messages of the outbox, newest first (demo mode's outbox page). */
export const latestOutboxMessages = (db: Db, limit: number) => createOutboxRepository(db).latest(limit);
