import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { deliverFromOutbox, type SendResult, sendThroughOutbox } from './outbox.ts';

export type SmsMessage = { to: string; text: string; suppress?: boolean };
export type SmsSender = {
  /** `via`: the connection the outbox row is written through (the database's by default); delivers at once. */
  send: (message: SmsMessage, via?: DbOrTx) => Promise<SendResult>;
  /** Delivers a queued text, outside any transaction: sent, or failed with the reason; still queued without a provider. */
  deliverQueued: (id: number, message: SmsMessage) => Promise<SendResult>;
};

/** A text as the outbox keeps it. */
export const smsOutgoing = (message: SmsMessage) => ({
  channel: 'sms' as const,
  recipient: message.to,
  body: message.text,
  suppress: message.suppress,
});

type SmsOptions = { db: Db; clock: Clock; webhookUrl?: string; webhookToken?: string; log?: FastifyBaseLogger };

/** Text messages through the outbox, handed to a provider's webhook (`POST {to, body}`) when one is configured. */
export function createSmsSender({ db, clock, webhookUrl, webhookToken, log }: SmsOptions): SmsSender {
  const deliver = (message: SmsMessage) => async () => {
    const res = await fetch(webhookUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(webhookToken ? { authorization: `Bearer ${webhookToken}` } : {}),
      },
      body: JSON.stringify({ to: message.to, body: message.text }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  };
  return {
    send: (message, via) =>
      sendThroughOutbox({ db: via ?? db, clock, log }, smsOutgoing(message), webhookUrl ? deliver(message) : undefined),
    deliverQueued: async (id, message) =>
      webhookUrl ? deliverFromOutbox({ db, clock, log }, id, 'sms', deliver(message)) : { id, status: 'queued' },
  };
}
