import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { staffToken } from '../../../test/helpers.ts';
import { eventually } from '../../../test/month-close-support.ts';
import { signedInPatient } from '../../../test/patient-app-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { dailyTextAtSix, remindersOf } from '../../../test/reminders-support.ts';
import { outbox } from '../../db/schema.ts';
import { createPushSender } from '../../lib/push.ts';
import { createReminderRunner, PENDING_LEASE_MINUTES } from './reminder-runner.ts';

/**
 * The SMS provider's webhook on a port of its own: sign-in codes are answered at once; reminder texts are answered
 * as the test says (at once, with an error, or held until released).
 */
type Mode = 'ok' | 'fail' | 'hold';
const provider = {
  mode: 'ok' as Mode,
  reminders: [] as string[],
  held: [] as ServerResponse[],
  release() {
    for (const res of provider.held.splice(0)) res.writeHead(200).end('{}');
  },
};
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const { to, body: text } = JSON.parse(body) as { to: string; body: string };
    if (!text.includes('/my/today')) return void res.writeHead(200).end('{}');
    provider.reminders.push(to);
    if (provider.mode === 'fail') return void res.writeHead(503).end('{}');
    if (provider.mode === 'hold') return void provider.held.push(res);
    res.writeHead(200).end('{}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => {
  provider.release();
  server.close();
});
const { port } = server.address() as AddressInfo;

const { t, call, home } = await twoClinicsForFile({
  env: { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`, SMS_WEBHOOK_TOKEN: 'provider-token' },
});
const db = t.database.db;
const run = () => t.app.reminderRunner.runDue();
const goTo = (iso: string) => t.clock.advanceSeconds((new Date(iso).getTime() - t.clock.now().getTime()) / 1000);

/** A therapist's session now: the test clock moves past the sessions' idle limit. */
const therapist = () => staffToken(t.app, home.therapist.email);

/** A patient with a text reminder every day at 18:00 New York time. */
async function patientWithTexts() {
  const patient = await signedInPatient(t.app, db, await therapist());
  const res = await call.put('/api/v1/patient/reminders/', patient.token, dailyTextAtSix);
  expect(res.statusCode, res.body).toBe(200);
  return patient;
}
/** A server that stops between the commit and the provider: the claim and its message stay pending. */
const stoppingRunner = () =>
  createReminderRunner({
    db,
    clock: t.clock,
    mailer: t.app.mailer,
    sms: { ...t.app.sms, deliverQueued: () => Promise.reject(new Error('the server stopped')) },
    push: createPushSender({ keys: undefined }),
    config: t.app.config,
    log: { error: () => {} },
  });
const outcomesOf = async (patientId: number) =>
  (await remindersOf(db, patientId)).map((r) => [r.localDate, r.outcome, r.reason, r.message?.status]);
const sentTo = (phone: string) => provider.reminders.filter((to) => to === phone).length;

describe('delivery after the commit', () => {
  it('answers other requests while the provider holds a reminder, then records it sent', async () => {
    goTo('2026-05-04T12:00:00Z');
    const patient = await patientWithTexts();
    goTo('2026-05-04T22:00:05Z');
    const token = await therapist();
    provider.mode = 'hold';
    const running = run();
    await eventually(async () => provider.held.length === 1);

    // The provider has not answered: the claim and its message are committed, the database is free. (Were the
    // database held through the provider's call, this answer would come only once that call had ended.)
    const page = await call.get(`/api/v1/patients/${patient.id}/reminders/sent/`, token);
    expect(page.statusCode).toBe(200);
    expect(provider.held[0]?.closed).toBe(false);
    expect(page.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['pending']);
    expect(await outcomesOf(patient.id)).toEqual([['2026-05-04', 'pending', null, 'queued']]);

    // A second runner meanwhile finds the day taken and the delivery under way: nothing is sent again.
    await run();
    expect(sentTo(patient.phone)).toBe(1);

    provider.release();
    await running;
    provider.mode = 'ok';
    expect(await outcomesOf(patient.id)).toEqual([['2026-05-04', 'sent', null, 'sent']]);
    expect(sentTo(patient.phone)).toBe(1);
  });

  it('records a failure of the provider with its reason', async () => {
    goTo('2026-05-05T12:00:00Z');
    const patient = await patientWithTexts();
    goTo('2026-05-05T22:00:05Z');
    provider.mode = 'fail';
    await run();
    provider.mode = 'ok';
    expect(await outcomesOf(patient.id)).toEqual([['2026-05-05', 'failed', 'SMS provider answered 503', 'failed']]);
    await run();
    expect(sentTo(patient.phone)).toBe(1);
  });

  it('sends once when two runners decide at the same moment', async () => {
    goTo('2026-05-06T12:00:00Z');
    const patients = [await patientWithTexts(), await patientWithTexts(), await patientWithTexts()];
    goTo('2026-05-06T22:00:05Z');
    await Promise.all([run(), run(), run()]);
    for (const patient of patients) {
      expect(await outcomesOf(patient.id)).toEqual([['2026-05-06', 'sent', null, 'sent']]);
      expect(sentTo(patient.phone)).toBe(1);
    }
  });

  it('sends a reminder its server committed but never delivered, once, on a later run', async () => {
    goTo('2026-05-07T12:00:00Z');
    const patient = await patientWithTexts();
    const late = await patientWithTexts();
    goTo('2026-05-07T22:00:05Z');
    // A server that stops between the commit and the provider: the claim and the message stay pending.
    const stopping = stoppingRunner();
    await stopping.runDue();
    expect(await outcomesOf(patient.id)).toEqual([['2026-05-07', 'pending', null, 'queued']]);
    expect(await outcomesOf(late.id)).toEqual([['2026-05-07', 'pending', null, 'queued']]);
    expect(sentTo(patient.phone)).toBe(0);

    // Within the lease another run leaves it alone (the delivery may still be under way).
    t.clock.advanceMinutes(PENDING_LEASE_MINUTES - 1);
    await run();
    expect(sentTo(patient.phone)).toBe(0);

    // After it, one run sends it; the other runs find it done.
    t.clock.advanceMinutes(2);
    await Promise.all([run(), run()]);
    await run();
    expect(await outcomesOf(patient.id)).toEqual([['2026-05-07', 'sent', null, 'sent']]);
    expect(sentTo(patient.phone)).toBe(1);
    expect(sentTo(late.phone)).toBe(1);
  });

  it('does not send a pending reminder once the patient replied STOP, and records the opt-out', async () => {
    goTo('2026-05-10T12:00:00Z');
    const patient = await patientWithTexts();
    goTo('2026-05-10T22:00:05Z');
    const stopping = stoppingRunner();
    await stopping.runDue();
    // "Stop." with its punctuation, from the number the reminder was written to.
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reminders/sms-inbound/',
      headers: { authorization: 'Bearer provider-token' },
      payload: { from: patient.phone, body: 'Stop.' },
    });
    expect(reply.json()).toEqual({ action: 'stopped', patients: 1 });
    t.clock.advanceMinutes(PENDING_LEASE_MINUTES + 1);
    await run();
    expect(await outcomesOf(patient.id)).toEqual([['2026-05-10', 'opted_out', null, 'failed']]);
    expect(sentTo(patient.phone)).toBe(0);
  });

  it('marks failed a pending reminder found after its grace window, and its message', async () => {
    goTo('2026-05-08T12:00:00Z');
    const patient = await patientWithTexts();
    goTo('2026-05-08T22:00:05Z');
    const stopping = stoppingRunner();
    await stopping.runDue();
    goTo('2026-05-09T00:30:00Z'); // 20:30 in New York, 2.5 hours after the reminder's time
    await run();
    const [row] = await remindersOf(db, patient.id);
    expect([row!.outcome, row!.reason]).toEqual([
      'failed',
      'Not delivered within the grace window: the server stopped before the provider took it',
    ]);
    const [message] = await db.select().from(outbox).where(eq(outbox.id, row!.outboxId!));
    expect(message!.status).toBe('failed');
    expect(sentTo(patient.phone)).toBe(0);
  });
});
