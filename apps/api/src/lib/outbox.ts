import type { MessageChannel } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { createOutboxRepository, type OutboxAttachment } from './outbox.repository.ts';

export type OutgoingMessage = {
  channel: MessageChannel;
  recipient: string;
  subject?: string;
  body: string;
  /** Restricted demo accounts: recorded, never delivered. */
  suppress?: boolean;
  /** The files an e-mail carries, described: the outbox never holds their content (decision 1415). */
  attachments?: OutboxAttachment[];
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
  deps: Deps,
  message: OutgoingMessage,
  deliver?: () => Promise<void>,
): Promise<SendResult> {
  const queued = await queueInOutbox(deps.db, message);
  if (queued.status === 'suppressed' || !deliver) return queued;
  return deliverFromOutbox(deps, queued.id, message.channel, deliver);
}

/**
 * Writes the message to the outbox only (e.g. inside the caller's transaction), for `deliverFromOutbox` after the
 * commit: queued, or suppressed (recorded, never delivered).
 */
export async function queueInOutbox(db: DbOrTx, message: OutgoingMessage): Promise<SendResult> {
  const [queued] = await queueAllInOutbox(db, [message]);
  return queued!;
}

/** Writes many messages to the outbox in one statement, as `queueInOutbox` does one; answers in their order. */
export async function queueAllInOutbox(db: DbOrTx, messages: OutgoingMessage[]): Promise<SendResult[]> {
  const ids = await createOutboxRepository(db).insert(
    messages.map((message) => ({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      attachments: message.attachments ?? [],
      status: message.suppress ? 'suppressed' : 'queued',
    })),
  );
  return ids.map((id, i) => ({ id, status: messages[i]!.suppress ? 'suppressed' : 'queued' }));
}

/**
 * Hands a queued outbox message to its transport and marks it sent, or failed with the reason. Call it outside any
 * transaction: the transport may take seconds, and a transaction (the embedded database's only connection, or a
 * pooled one) must not wait on it.
 */
export async function deliverFromOutbox(
  { db, clock, log }: Deps,
  id: number,
  channel: OutgoingMessage['channel'],
  deliver: () => Promise<void>,
): Promise<SendResult> {
  const repo = createOutboxRepository(db);
  try {
    await deliver();
    await repo.markSent(id, clock.now());
    return { id, status: 'sent' };
  } catch (err) {
    log?.warn({ err, outboxId: id, channel }, 'delivery failed');
    const error = String((err as Error).message).slice(0, 500);
    await repo.markFailed(id, error);
    return { id, status: 'failed', error };
  }
}

/** Marks a queued message failed without delivering it (e.g. a reminder whose time has passed). */
export const abandonInOutbox = (db: DbOrTx, id: number, error: string) =>
  createOutboxRepository(db).markFailed(id, error);

/** The newest messages of the outbox, newest first (demo mode's outbox page). */
export const latestOutboxMessages = (db: Db, limit: number) => createOutboxRepository(db).latest(limit);
