import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { patients, pushSubscriptions } from '../../src/db/schema.ts';
import { createOutboxRepository } from '../../src/lib/outbox.repository.ts';
import { createPushSubscriptionsRepository } from '../../src/modules/reminders/push-subscriptions.repository.ts';
import {
  createReminderDeliveriesRepository,
  dayOf,
} from '../../src/modules/reminders/reminder-deliveries.repository.ts';
import { createReminderSchedulesRepository } from '../../src/modules/reminders/reminder-schedules.repository.ts';
import { a, b, cover, crossClinic, DAY, db, repoOf, scopeB, strays } from './harness.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const LATER = new Date('2026-03-09T15:00:00Z');
const schedulesOfB = () => repoOf(createReminderSchedulesRepository, scopeB());
const deliveriesOfB = () => repoOf(createReminderDeliveriesRepository, scopeB());
const values = {
  enabled: true,
  days: ['mon'],
  localTime: '18:00',
  timezone: 'America/New_York',
  language: 'en' as const,
  channels: ['sms' as const],
  quietHoursAllowed: false,
};

/** Each clinic's schedule, and clinic B's reminder of the day, made once. */
let made: Promise<number> | undefined;
/** Clinic B's reminder waiting for its provider since NOW, with its outbox message, made once. */
let pendingMade: Promise<number> | undefined;
const seedPending = () => {
  pendingMade ??= (async () => {
    await seedReminders();
    const [outboxId] = await createOutboxRepository(db).insert([
      { channel: 'sms', recipient: '+15550102000', body: 'x' },
    ]);
    const claim = {
      patientId: b.patientId,
      localDate: '2026-03-03',
      channel: 'sms' as const,
      outcome: 'pending' as const,
    };
    const claimed = await deliveriesOfB().claim([{ ...claim, dueAt: NOW, at: NOW }]);
    const id = claimed.get(dayOf(b.patientId, claim.localDate))!.get('sms')!;
    await deliveriesOfB().finish([{ id, outcome: 'pending', reason: null, outboxId: outboxId! }]);
    return id;
  })();
  return pendingMade;
};
/** Clinic B's patient's phone, which takes push notifications, made once. */
const B_DEVICE = {
  endpoint: 'https://push.example/device-of-clinic-b',
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'A'.repeat(22),
};
let deviceMade: Promise<number> | undefined;
const seedDevice = () => {
  deviceMade ??= (async () => {
    await devicesOfB().add(b.patientId, B_DEVICE, NOW);
    return (await devicesOfB().devices(b.patientId))[0]!.id;
  })();
  return deviceMade;
};
const devicesOfB = () => repoOf(createPushSubscriptionsRepository, scopeB());

const seedReminders = () => {
  made ??= (async () => {
    for (const clinic of [a, b]) {
      await repoOf(createReminderSchedulesRepository, { kind: 'clinic', clinicId: clinic.clinicId }).save(
        clinic.patientId,
        clinic === b ? { ...values, channels: ['sms', 'push'] } : values,
        { setBy: 'staff', userId: clinic.therapistId, now: NOW },
      );
    }
    const claim = { patientId: b.patientId, localDate: DAY, channel: 'sms' as const, outcome: 'sent' as const };
    const claimed = await deliveriesOfB().claim([{ ...claim, dueAt: NOW, at: NOW }]);
    return claimed.get(dayOf(b.patientId, DAY))!.get('sms')!;
  })();
  return made;
};

export const remindersRepositories = {
  reminderSchedules: cover(createReminderSchedulesRepository, {
    find: crossClinic(async (r) => {
      await seedReminders();
      expect(await r.find(b.patientId)).toBeUndefined();
    }),
    contacts: crossClinic(async (r) => {
      expect(await r.contacts(b.patientId)).toBeUndefined();
    }),
    save: crossClinic(async (r) => {
      await seedReminders();
      const by = { setBy: 'patient' as const, userId: a.therapistId, now: NOW };
      expect(await r.save(b.patientId, { ...values, localTime: '09:00' }, by)).toBeUndefined();
      expect((await schedulesOfB().find(b.patientId))?.localTime).toBe('18:00');
    }),
    setSmsAllowed: crossClinic(async (r) => {
      await seedReminders();
      expect(await r.setSmsAllowed('+15550102000', false, NOW)).toEqual([]);
      expect((await schedulesOfB().find(b.patientId))?.smsOptedOut).toBe(false);
    }),
    dropPush: crossClinic(async (r) => {
      await seedReminders();
      await seedDevice();
      expect(await r.dropPush(b.patientId, NOW)).toBeUndefined();
      expect((await schedulesOfB().find(b.patientId))?.channels).toEqual(['sms', 'push']);
    }),
    unsubscribeEmail: crossClinic(async (r) => {
      await seedReminders();
      expect(await r.unsubscribeEmail(b.patientId, NOW)).toBeUndefined();
      expect((await schedulesOfB().find(b.patientId))?.emailOptedOut).toBe(false);
    }),
    setNextAt: crossClinic(async (r) => {
      await seedReminders();
      await r.setNextAt([{ patientId: b.patientId, from: NOW, nextAt: LATER }]);
      expect((await schedulesOfB().find(b.patientId))?.nextAt).toEqual(NOW);
    }),
    followPatient: crossClinic(async (r) => {
      await seedReminders();
      // B's patient out of care for a moment: A's call must not park B's schedule.
      await db.update(patients).set({ status: 'discharged' }).where(eq(patients.id, b.patientId));
      await r.followPatient(b.patientId, 'onboarded', LATER);
      await db.update(patients).set({ status: 'onboarded' }).where(eq(patients.id, b.patientId));
      expect((await schedulesOfB().find(b.patientId))?.nextAt).toEqual(NOW);
    }),
    due: crossClinic(async (r) => {
      await seedReminders();
      const rows = await r.due(LATER);
      expect(rows.map((row) => row.schedule.patientId)).toEqual([a.patientId]);
      // Clinic B's reminder is not A's patient's last day.
      expect(rows[0]!.lastDay).toBeNull();
    }),
  }),
  reminderDeliveries: cover(createReminderDeliveriesRepository, {
    claim: crossClinic(async (r) => {
      const claim = {
        patientId: b.patientId,
        localDate: '2026-03-09',
        channel: 'sms' as const,
        outcome: 'sent' as const,
      };
      expect(await r.claim([{ ...claim, dueAt: NOW, at: NOW }])).toEqual(new Map());
      expect((await deliveriesOfB().page(b.patientId, { limit: 10, offset: 0 })).count).toBe(1);
    }),
    finish: crossClinic(async (r) => {
      const id = await seedReminders();
      await r.finish([{ id, outcome: 'failed', reason: 'changed by A', outboxId: null }]);
      const { rows } = await deliveriesOfB().page(b.patientId, { limit: 10, offset: 0 });
      expect(rows.map((row) => [row.id, row.outcome])).toEqual([[id, 'sent']]);
    }),
    pending: crossClinic(async (r) => {
      await seedPending();
      expect(await r.pending(LATER)).toEqual([]);
      expect((await deliveriesOfB().pending(LATER)).length).toBe(1);
    }),
    retake: crossClinic(async (r) => {
      const id = await seedPending();
      expect(await r.retake(id, NOW, LATER)).toBe(false);
      expect((await deliveriesOfB().pending(LATER)).map((row) => row.at)).toEqual([NOW]);
    }),
    page: crossClinic(async (r) => {
      await seedReminders();
      expect(await r.page(b.patientId, { limit: 10, offset: 0 })).toEqual({ rows: [], count: 0 });
    }),
    dataDays: crossClinic(async (r) => {
      expect(await r.dataDays([b.patientId], '2026-03-01', '2026-04-01')).toEqual(new Map());
      // Clinic B's rows naming A's patient are not A's data days.
      expect(await r.dataDays([a.patientId], strays.day, '2026-04-01')).toEqual(new Map());
      expect(await r.dataDays([a.patientId, b.patientId], '2026-03-01', '2026-04-01')).toEqual(
        new Map([[a.patientId, [DAY]]]),
      );
    }),
  }),
  pushSubscriptions: cover(createPushSubscriptionsRepository, {
    devices: crossClinic(async (r) => {
      await seedDevice();
      expect(await r.devices(b.patientId)).toEqual([]);
    }),
    count: crossClinic(async (r) => {
      await seedDevice();
      expect(await r.count(b.patientId)).toBe(0);
    }),
    release: crossClinic(async (r) => {
      await seedDevice();
      expect(await r.release(B_DEVICE.endpoint, a.patientId)).toEqual([]);
      expect(await devicesOfB().count(b.patientId)).toBe(1);
    }),
    add: crossClinic(async (r) => {
      await seedDevice();
      expect(await r.add(b.patientId, { ...B_DEVICE, endpoint: 'https://push.example/other' }, NOW)).toBe(false);
      // Clinic A's patient cannot take clinic B's device without releasing it, which A's scope cannot.
      expect(await r.add(a.patientId, B_DEVICE, NOW)).toBe(false);
      expect((await devicesOfB().devices(b.patientId)).map((d) => d.endpoint)).toEqual([B_DEVICE.endpoint]);
    }),
    remove: crossClinic(async (r) => {
      await seedDevice();
      expect(await r.remove(b.patientId, B_DEVICE.endpoint)).toBe(false);
      expect(await devicesOfB().count(b.patientId)).toBe(1);
    }),
    forget: crossClinic(async (r) => {
      const id = await seedDevice();
      await r.forget(id);
      expect(await devicesOfB().count(b.patientId)).toBe(1);
    }),
    markSent: crossClinic(async (r) => {
      const id = await seedDevice();
      await r.markSent(id, NOW);
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      expect(row!.lastSentAt).toBeNull();
    }),
  }),
};
