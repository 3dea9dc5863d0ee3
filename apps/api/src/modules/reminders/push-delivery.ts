import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { deliverFromOutbox, type SendResult } from '../../lib/outbox.ts';
import type { PushDelivery, PushPayload, PushSender } from '../../lib/push.ts';
import type { Data } from '../data-access.ts';

/** A push reminder: to every device of the patient that takes notifications when it goes. */
export type PushMessage = { patientId: number; payload: PushPayload };

/** The outbox row of a push reminder: the notification's words, addressed to the patient's devices, none named. */
export const pushOutgoing = (message: PushMessage, suppress: boolean) => ({
  channel: 'push' as const,
  recipient: `devices of patient ${message.patientId}`,
  subject: message.payload.title,
  body: JSON.stringify(message.payload),
  suppress,
});

/** A push reminder the outbox kept, for another try. */
export const pushMessageOf = (patientId: number, body: string): PushMessage => ({
  patientId,
  payload: JSON.parse(body) as PushPayload,
});

const NO_DEVICE = 'No device of the patient takes notifications (turned off or expired)';

type Deps = { db: Db; clock: Clock; push: PushSender; log?: FastifyBaseLogger };

/**
 * Sends a queued push reminder to each of the patient's devices (decision 1365), outside any transaction. Sent when
 * one device's service took it; failed with the reason when none did. Without keys (push off) it stays queued, as a
 * text without a provider.
 */
export async function deliverPush(
  { db, clock, push, log }: Deps,
  data: Pick<Data, 'pushSubscriptions'>,
  outboxId: number,
  message: PushMessage,
): Promise<SendResult> {
  if (!push.publicKey) return { id: outboxId, status: 'queued' };
  return deliverFromOutbox({ db, clock, log }, outboxId, 'push', async () => {
    const { taken, reasons } = await pushToDevices({ clock, push }, data, message);
    if (taken === 0) throw new Error(reasons[0] ?? NO_DEVICE);
  });
}

/**
 * Sends a notification to every device of the patient that takes them, now: how many devices' services took it, and
 * why the others did not. A device its push service no longer knows (404, 410) is forgotten.
 */
export async function pushToDevices(
  { clock, push }: Pick<Deps, 'clock' | 'push'>,
  data: Pick<Data, 'pushSubscriptions'>,
  message: PushMessage,
  delivery?: PushDelivery,
): Promise<{ taken: number; reasons: string[] }> {
  const devices = await data.pushSubscriptions.devices(message.patientId);
  const outcomes = await Promise.all(devices.map((device) => push.sendTo(device, message.payload, delivery)));
  let taken = 0;
  const reasons: string[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    const device = devices[i]!;
    if (outcome.status === 'sent') {
      taken += 1;
      await data.pushSubscriptions.markSent(device.id, clock.now());
    } else if (outcome.status === 'gone') {
      await data.pushSubscriptions.forget(device.id);
    } else {
      reasons.push(outcome.reason);
    }
  }
  return { taken, reasons };
}
