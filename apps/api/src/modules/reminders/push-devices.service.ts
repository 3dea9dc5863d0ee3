import type { PushDevices, PushSubscriptionBody } from '@rehabit/contract';
import { crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import { findOwnPatient, patientScope } from '../patients/patient-access.ts';

type Deps = { clock: Clock; audit: AuditLog; publicKey: string | undefined };

/**
 * The patient's devices that take push reminders (decision 1365). Turning a device on or off is a change of
 * consent, audited in the patient's clinic; the device's address and keys are never in the audit nor a log.
 */
export function createPushDevicesService({ clock, audit, publicKey }: Deps) {
  const { success: record } = patientAudit(audit);

  const devicesOf = async (data: TxData, patientId: number): Promise<PushDevices> => ({
    push_devices: await data.pushSubscriptions.count(patientId),
    channels: (await data.reminderSchedules.find(patientId))?.channels ?? [],
  });

  return {
    /** This device takes the signed-in patient's reminders; another patient who had it (a shared phone) loses it. */
    async subscribe(actor: Caller, body: PushSubscriptionBody, ctx: RequestContext): Promise<PushDevices> {
      if (!publicKey) throw new AppError('conflict', 'Push notifications are not set up on this server.');
      const own = await findOwnPatient(actor);
      const device = { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
      return actor.data.transaction(async (tx) => {
        const released = await tx.within(crossClinic('push device')).pushSubscriptions.release(device.endpoint, own.id);
        for (const previous of released) {
          const detail = { reason: 'another patient turned notifications on for this device' };
          await record(actor, 'reminder_push.unsubscribe', { id: previous.patientId, ...previous }, ctx, detail, tx.db);
        }
        const data = tx.within(patientScope(own));
        const added = await data.pushSubscriptions.add(own.id, device, clock.now());
        if (added || released.length > 0) {
          await record(
            actor,
            'reminder_push.subscribe',
            own,
            ctx,
            { from_another_patient: released.length > 0 },
            tx.db,
          );
        } else {
          noteNothingChanged();
        }
        return devicesOf(data, own.id);
      });
    },

    /**
     * This device stops taking the patient's reminders (turned off, or signing out). With their last device, push
     * leaves the schedule's channels: only the patient choosing it again brings it back.
     */
    async unsubscribe(actor: Caller, endpoint: string, ctx: RequestContext): Promise<PushDevices> {
      const own = await findOwnPatient(actor);
      return actor.data.transaction(async (tx) => {
        const data = tx.within(patientScope(own));
        if (!(await data.pushSubscriptions.remove(own.id, endpoint))) {
          noteNothingChanged();
          return devicesOf(data, own.id);
        }
        const left = await data.pushSubscriptions.count(own.id);
        const dropped = left === 0 ? await data.reminderSchedules.dropPush(own.id, clock.now()) : undefined;
        await record(actor, 'reminder_push.unsubscribe', own, ctx, { push_channel_removed: Boolean(dropped) }, tx.db);
        return devicesOf(data, own.id);
      });
    },
  };
}

export type PushDevicesService = ReturnType<typeof createPushDevicesService>;
