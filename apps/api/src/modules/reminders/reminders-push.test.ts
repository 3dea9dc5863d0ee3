import { VISIT_GRACE_SECONDS } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { expectProblem, staffToken } from '../../../test/helpers.ts';
import { signedInPatient } from '../../../test/patient-app-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { decrypted, newDevice, startPushService, verifiedVapid } from '../../../test/push-service-support.ts';
import { auditRowsOf, remindersOf } from '../../../test/reminders-support.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { createPushSender, PUSH_TTL_SECONDS } from '../../lib/push.ts';
import { dataFor } from '../data-access.ts';
import { ringByPush } from '../visits/visit-ring.ts';
import { DEVICES_KEPT } from './push-subscriptions.repository.ts';
import { createReminderRunner } from './reminder-runner.ts';

const pushService = await startPushService();
afterAll(() => pushService.close());
const keys = { ...webPush.generateVAPIDKeys(), subject: 'mailto:it@clinic.example' };
const { t, call, home, away } = await twoClinicsForFile({
  env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: keys.subject },
});
const db = t.database.db;
// The server's runner, trusting this run's push service (its certificate is made for the test).
const runner = createReminderRunner({
  db,
  clock: t.clock,
  mailer: t.app.mailer,
  sms: t.app.sms,
  push: createPushSender({ keys, agent: pushService.agent }),
  config: t.app.config,
  log: { error: () => {} },
});
const goTo = (iso: string) => t.clock.advanceSeconds((new Date(iso).getTime() - t.clock.now().getTime()) / 1000);
const therapist = () => staffToken(t.app, home.therapist.email);

const SUBSCRIBE = '/api/v1/patient/reminders/push-devices/';
const UNSUBSCRIBE = '/api/v1/patient/reminders/push-devices/remove/';
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const schedule = (channels: string[], language = 'en') => ({
  enabled: true,
  days: EVERY_DAY,
  time: '18:00',
  timezone: 'America/New_York',
  language,
  channels,
});
const devicesOf = (patientId: number) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.patientId, patientId));

/** A patient with a health record that must never show, signed in on a phone. */
const aPatient = async () => signedInPatient(t.app, db, await therapist(), { diagnosis: 'M54.50' });

async function subscribed(token: string, device = newDevice(pushService.origin)) {
  const res = await call.post(SUBSCRIBE, token, device.subscription);
  expect(res.statusCode, res.body).toBe(200);
  return device;
}

const FIXED_WORDS = {
  en: /^(A friendly reminder for today\.|Log today to keep your program on track\.)$/,
  es: /^(Un recordatorio amable para hoy\.|Registre hoy para mantener su programa al día\.)$/,
};

describe('a push reminder', () => {
  it('reaches the phone encrypted to it, signed by the server, with the fixed words only', async () => {
    goTo('2026-03-02T15:00:00Z');
    const patient = await aPatient();
    const device = await subscribed(patient.token);
    const saved = await call.put('/api/v1/patient/reminders/', patient.token, schedule(['push'], 'es'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ channels: ['push'], push_public_key: keys.publicKey, push_devices: 1 });

    goTo('2026-03-02T23:00:30Z'); // 18:00 in New York
    await runner.runDue();
    await runner.runDue();

    const got = pushService.received.filter((r) => r.path === device.path);
    expect(got).toHaveLength(1);
    const [request] = got;
    const claims = verifiedVapid(String(request!.headers.authorization), keys.publicKey);
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.sub).toBe(keys.subject);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));

    const notification = decrypted(device, request!.body);
    expect(Object.keys(notification).sort()).toEqual(['body', 'title', 'url']);
    expect(notification.title).toBe('Rehabit');
    expect(notification.body).toMatch(FIXED_WORDS.es);
    expect(notification.url).toBe('http://rehabit.test/my/today');
    expect(JSON.stringify(notification)).not.toMatch(/M54|back|pain|dolor|Maria|Lopez/i);

    const [row] = await remindersOf(db, patient.id);
    expect([row!.channel, row!.outcome, row!.reason, row!.message?.status]).toEqual(['push', 'sent', null, 'sent']);
    expect(row!.message!.recipient).not.toContain(device.subscription.endpoint);
    expect((await devicesOf(patient.id))[0]!.lastSentAt).not.toBeNull();
  });

  it('forgets a device its push service no longer knows, and fails the day when no device took it', async () => {
    goTo('2026-03-03T15:00:00Z');
    const patient = await aPatient();
    const kept = await subscribed(patient.token);
    const expired = await subscribed(patient.token);
    expect((await call.put('/api/v1/patient/reminders/', patient.token, schedule(['push']))).statusCode).toBe(200);
    pushService.gone.add(expired.path);

    goTo('2026-03-03T23:00:30Z');
    await runner.runDue();
    expect((await devicesOf(patient.id)).map((d) => d.endpoint)).toEqual([kept.subscription.endpoint]);
    expect((await remindersOf(db, patient.id)).map((r) => r.outcome)).toEqual(['sent']);

    pushService.gone.add(kept.path);
    goTo('2026-03-04T23:00:30Z');
    await runner.runDue();
    expect(await devicesOf(patient.id)).toEqual([]);
    const [, second] = await remindersOf(db, patient.id);
    expect([second!.outcome, second!.reason]).toEqual([
      'failed',
      'No device of the patient takes notifications (turned off or expired)',
    ]);
    expect(second!.message?.status).toBe('failed');
  });
});

describe('the devices that take push reminders', () => {
  it('are the newest few of a patient: an older one is forgotten as another is added', async () => {
    const patient = await aPatient();
    const devices = [];
    for (let i = 0; i <= DEVICES_KEPT; i++) devices.push(await subscribed(patient.token));
    expect((await devicesOf(patient.id)).map((d) => d.endpoint)).toEqual(
      devices.slice(1).map((d) => d.subscription.endpoint),
    );
  });

  it('refuses push as a channel until a device takes notifications', async () => {
    const patient = await aPatient();
    const refused = expectProblem(
      await call.put('/api/v1/patient/reminders/', patient.token, schedule(['push'])),
      400,
      'validation_failed',
    );
    expect(refused.errors?.channels?.[0]).toMatch(/No device of this patient takes push notifications/);
    const staff = await call.put(`/api/v1/patients/${patient.id}/reminders/`, await therapist(), schedule(['push']));
    expect(expectProblem(staff, 400, 'validation_failed').errors?.channels).toBeDefined();
  });

  it('refuses a subscription that is not one, and keeps nothing of it', async () => {
    const patient = await aPatient();
    const { subscription } = newDevice(pushService.origin);
    const bad = [
      { ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') },
      { ...subscription, endpoint: 'not an address' },
      { ...subscription, endpoint: 'https://10.0.0.5:8443/push/1' },
      { ...subscription, endpoint: 'https://[::1]/push/1' },
      { ...subscription, endpoint: 'https://localhost/push/1' },
      { ...subscription, keys: { ...subscription.keys, p256dh: subscription.keys.p256dh.slice(0, 40) } },
      { ...subscription, keys: { ...subscription.keys, p256dh: `C${subscription.keys.p256dh.slice(1)}` } },
      { ...subscription, keys: { ...subscription.keys, auth: `${subscription.keys.auth}AA` } },
      { ...subscription, keys: { ...subscription.keys, auth: 'not+base64url/====' } },
      { endpoint: subscription.endpoint },
    ];
    for (const body of bad) {
      expectProblem(await call.post(SUBSCRIBE, patient.token, body), 400, 'validation_failed');
    }
    expect(await devicesOf(patient.id)).toEqual([]);
  });

  it('is the patient’s own: staff cannot subscribe for them, another clinic’s patient cannot remove it', async () => {
    const patient = await aPatient();
    const device = await subscribed(patient.token);
    const staff = await call.post(SUBSCRIBE, await therapist(), newDevice(pushService.origin).subscription);
    expectProblem(staff, 403);
    expectProblem(await call.post(UNSUBSCRIBE, await therapist(), { endpoint: device.subscription.endpoint }), 403);

    const stranger = await signedInPatient(t.app, db, await staffToken(t.app, away.therapist.email));
    const removed = await call.post(UNSUBSCRIBE, stranger.token, { endpoint: device.subscription.endpoint });
    expect(removed.json()).toMatchObject({ push_devices: 0 });
    expect(await devicesOf(patient.id)).toHaveLength(1);
    // Staff of another clinic cannot read, nor set, the patient's reminders.
    const awayToken = await staffToken(t.app, away.therapist.email);
    expectProblem(await call.get(`/api/v1/patients/${patient.id}/reminders/`, awayToken), 404);
  });

  it('moves a shared phone to the patient who signs in on it, audited in both patients’ clinics', async () => {
    const first = await aPatient();
    const device = await subscribed(first.token);
    expect((await call.put('/api/v1/patient/reminders/', first.token, schedule(['push']))).statusCode).toBe(200);
    const second = await signedInPatient(t.app, db, await staffToken(t.app, away.therapist.email));
    const answer = (await call.post(SUBSCRIBE, second.token, device.subscription)).json();
    expect(answer).toEqual({ push_devices: 1, channels: [] });
    expect(await devicesOf(first.id)).toEqual([]);
    expect((await devicesOf(second.id)).map((d) => d.clinicId)).toEqual([away.clinic.id]);

    const [released] = await auditRowsOf(db, first.id, 'reminder_push.unsubscribe');
    expect(released!.clinicId).toBe(home.clinic.id);
    const [taken] = await auditRowsOf(db, second.id, 'reminder_push.subscribe');
    expect([taken!.clinicId, taken!.detail]).toEqual([away.clinic.id, { from_another_patient: true }]);
    // The device's address is a secret of sorts: no audit row holds it.
    for (const row of [released!, taken!]) expect(JSON.stringify(row.detail)).not.toContain('/push/');
  });

  it('turning off the last device takes push out of the schedule; subscribing again changes nothing', async () => {
    const patient = await aPatient();
    const device = await subscribed(patient.token);
    expect((await call.post(SUBSCRIBE, patient.token, device.subscription)).statusCode).toBe(200);
    expect(await auditRowsOf(db, patient.id, 'reminder_push.subscribe')).toHaveLength(1);
    const saved = await call.put('/api/v1/patient/reminders/', patient.token, schedule(['sms', 'push']));
    expect(saved.statusCode, saved.body).toBe(200);

    const off = await call.post(UNSUBSCRIBE, patient.token, { endpoint: device.subscription.endpoint });
    expect(off.json()).toEqual({ push_devices: 0, channels: ['sms'] });
    const [audit] = await auditRowsOf(db, patient.id, 'reminder_push.unsubscribe');
    expect(audit!.detail).toEqual({ push_channel_removed: true });
    expect((await call.get('/api/v1/patient/reminders/', patient.token)).json()).toMatchObject({
      channels: ['sms'],
      push_devices: 0,
    });
  });
});

describe('a visit that rings by push (decision 1385)', () => {
  it('reaches each phone at once, kept no longer than the visit rings, in the patient’s language, with fixed words', async () => {
    const patient = await aPatient();
    const device = await subscribed(patient.token);
    expect((await call.put('/api/v1/patient/reminders/', patient.token, schedule(['push'], 'es'))).statusCode).toBe(
      200,
    );
    const push = createPushSender({ keys, agent: pushService.agent });
    const warnings: unknown[] = [];
    const data = dataFor(db, clinicScope(home.clinic.id));
    const deps = {
      clock: t.clock,
      push,
      publicUrl: t.app.config.PUBLIC_URL,
      log: { warn: (w: unknown) => warnings.push(w) },
    };
    await ringByPush(deps, data, { id: 42, patientId: patient.id });

    const [request, ...more] = pushService.received.filter((r) => r.path === device.path);
    expect(more).toEqual([]);
    expect(request!.headers.ttl).toBe(String(VISIT_GRACE_SECONDS));
    expect(request!.headers.urgency).toBe('high');
    expect(decrypted(device, request!.body)).toEqual({
      title: 'Rehabit',
      body: 'Su clínica le está llamando para una videoconsulta. Toque para contestar.',
      url: 'http://rehabit.test/my/visit/42',
    });
    expect(warnings).toEqual([]);

    // A phone its push service forgot is forgotten here too.
    pushService.gone.add(device.path);
    await ringByPush(deps, data, { id: 43, patientId: patient.id });
    expect(await devicesOf(patient.id)).toEqual([]);
  });
});
