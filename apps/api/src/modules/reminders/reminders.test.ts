import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, expectProblem, staffToken } from '../../../test/helpers.ts';
import { signedInPatient } from '../../../test/patient-app-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditRowsOf, logSteps, remindersOf } from '../../../test/reminders-support.ts';
import { reminderSchedules } from '../../db/schema.ts';

const PROVIDER_TOKEN = 'provider-token-for-tests';
const { t, call, home, away } = await twoClinicsForFile({ env: { SMS_WEBHOOK_TOKEN: PROVIDER_TOKEN } });
const db = t.database.db;
const run = () => t.app.reminderRunner.runDue();
const goTo = (iso: string) => t.clock.advanceSeconds((new Date(iso).getTime() - t.clock.now().getTime()) / 1000);

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const schedule = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  days: EVERY_DAY,
  time: '18:00',
  timezone: 'America/New_York',
  language: 'en',
  channels: ['sms', 'email'],
  ...overrides,
});

/** A therapist's session now: the test clock moves past the sessions' idle limit. */
const therapist = () => staffToken(t.app, home.therapist.email);
/** The patient's schedule as staff read it now. */
const scheduleOf = async (patientId: number) =>
  (await call.get(`/api/v1/patients/${patientId}/reminders/`, await therapist())).json();

/** A patient of the home clinic, signed in on their phone, with their own schedule saved. */
async function patientWith(overrides: Record<string, unknown> = {}) {
  const patient = await signedInPatient(t.app, db, await therapist(), { diagnosis: 'M54.50' });
  const res = await call.put('/api/v1/patient/reminders/', patient.token, schedule(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return patient;
}

// Only the fixed words and the links: nothing about the patient's health can be in a reminder.
const TEXT_EN =
  /^Rehabit: (A friendly reminder for today\.|Log today to keep your program on track\.) Open your program: http:\/\/rehabit\.test\/my\/today Reply STOP to stop these texts\.$/;
const EMAIL_EN =
  /^(Rehabit: A friendly reminder for today\.|Rehabit: Log today to keep your program on track\.)\n\nOpen your program: http:\/\/rehabit\.test\/my\/today\n\nTo stop these e-mails: http:\/\/rehabit\.test\/api\/v1\/reminders\/unsubscribe\/\?token=\d+\.[\w-]+\n$/;

describe('the schedule', () => {
  it('the patient’s own choice wins: staff set a default, then are refused once the patient chose', async () => {
    const patient = await signedInPatient(t.app, db, home.therapist.token);
    const url = `/api/v1/patients/${patient.id}/reminders/`;
    const before = await call.get('/api/v1/patient/reminders/', patient.token);
    expect(before.json()).toMatchObject({ enabled: false, set_by: null, quiet_hours_allowed: false });

    expect((await call.put(url, home.therapist.token, schedule({ time: '09:00' }))).json().set_by).toBe('staff');
    expect((await call.put(url, home.manager.token, schedule({ time: '10:00' }))).statusCode).toBe(200);
    expect((await call.get('/api/v1/patient/reminders/', patient.token)).json().time).toBe('10:00');

    const own = await call.put('/api/v1/patient/reminders/', patient.token, schedule({ time: '19:15' }));
    expect(own.json()).toMatchObject({ set_by: 'patient', time: '19:15' });
    const refused = expectProblem(await call.put(url, home.supervisor.token, schedule()), 409, 'conflict');
    expect(refused.detail).toMatch(/patient has chosen their own/);
    expect((await call.get(url, home.therapist.token)).json()).toMatchObject({ set_by: 'patient', time: '19:15' });

    expect(await auditRowsOf(db, patient.id, 'reminder_schedule.update')).toHaveLength(2);
    expect(await auditRowsOf(db, patient.id, 'reminder_schedule.self_update')).toHaveLength(1);
    expect((await auditRowsOf(db, patient.id, 'reminder_schedule.read')).length).toBeGreaterThan(0);
  });

  it('answers 404 for another clinic’s patient, and audits the attempt', async () => {
    const patient = await signedInPatient(t.app, db, home.therapist.token);
    for (const path of ['', 'sent/', 'adherence/']) {
      expectProblem(await call.get(`/api/v1/patients/${patient.id}/reminders/${path}`, away.therapist.token), 404);
    }
    expectProblem(await call.put(`/api/v1/patients/${patient.id}/reminders/`, away.therapist.token, schedule()), 404);
  });

  it('refuses bad input with a problem naming the field', async () => {
    const patient = await signedInPatient(t.app, db, home.therapist.token, { email: '' });
    const put = (body: object) => call.put('/api/v1/patient/reminders/', patient.token, body);
    const cases: [object, string][] = [
      [schedule({ timezone: 'Mars/Olympus_Mons' }), 'timezone'],
      [schedule({ time: '24:30' }), 'time'],
      [schedule({ time: '23:00' }), 'time'],
      [schedule({ channels: [] }), 'channels'],
      [schedule({ channels: ['fax'] }), 'channels.0'],
      [schedule({ channels: ['push'] }), 'channels'],
      [schedule({ channels: ['email'] }), 'channels'],
    ];
    for (const [body, field] of cases) {
      const problem = expectProblem(await put(body), 400, 'validation_failed');
      expect(Object.keys(problem.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await put(schedule({ channels: ['sms'] }))).statusCode).toBe(200);
  });
});

describe('push notifications on a server without keys (decision 1365)', () => {
  it('says push is off, and refuses a device', async () => {
    const patient = await signedInPatient(t.app, db, home.therapist.token);
    expect((await call.get('/api/v1/patient/reminders/', patient.token)).json()).toMatchObject({
      push_public_key: null,
      push_devices: 0,
    });
    const device = {
      endpoint: 'https://push.example/device',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    };
    const refused = expectProblem(
      await call.post('/api/v1/patient/reminders/push-devices/', patient.token, device),
      409,
    );
    expect(refused.detail).toMatch(/not set up/);
  });
});

describe('sending', () => {
  it('sends once at the local time, by text and e-mail, with no health details', async () => {
    goTo('2026-03-02T15:00:00Z');
    const patient = await patientWith();
    goTo('2026-03-02T22:59:00Z'); // 17:59 in New York
    await run();
    expect(await remindersOf(db, patient.id)).toEqual([]);
    goTo('2026-03-02T23:00:30Z');
    await Promise.all([run(), run()]); // two runners at once
    await run();
    const sent = await remindersOf(db, patient.id);
    expect(sent.map((r) => [r.channel, r.outcome, r.localDate])).toEqual([
      ['sms', 'sent', '2026-03-02'],
      ['email', 'sent', '2026-03-02'],
    ]);
    expect(sent[0]!.message!.body).toMatch(TEXT_EN);
    expect(sent[0]!.message!.body).toContain('A friendly reminder');
    expect(sent[1]!.message!.body).toMatch(EMAIL_EN);
    for (const { message } of sent) {
      expect(message!.body).not.toMatch(/M54|back|pain|dolor|Maria|Lopez/i);
    }
  });

  it('skips a day the patient already has a data day', async () => {
    goTo('2026-03-03T15:00:00Z');
    const patient = await patientWith({ channels: ['sms'] });
    await logSteps(db, home.clinic.id, patient.id, '2026-03-03');
    goTo('2026-03-03T23:01:00Z');
    await run();
    expect((await remindersOf(db, patient.id)).map((r) => [r.outcome, r.message])).toEqual([
      ['skipped_logged', undefined],
    ]);
  });

  it('sends late within the grace window, not after it, and not in quiet hours', async () => {
    goTo('2026-03-04T12:00:00Z');
    const late = await patientWith({ time: '10:00', channels: ['sms'] });
    const tooLate = await patientWith({ time: '09:00', channels: ['sms'] });
    const quiet = await patientWith({ time: '20:00', channels: ['sms'] });
    // The server was down from before 09:00 until 11:59 New York time.
    goTo('2026-03-04T16:59:00Z');
    await run();
    expect((await remindersOf(db, late.id)).map((r) => r.outcome)).toEqual(['sent']);
    // Too late to send: recorded once as missed, so staff see the day.
    const missed = [['2026-03-04', 'missed', 'The server was not running at the reminder time', undefined]];
    const tooLateRows = async () =>
      (await remindersOf(db, tooLate.id)).map((r) => [r.localDate, r.outcome, r.reason, r.message]);
    expect(await tooLateRows()).toEqual(missed);
    goTo('2026-03-04T17:30:00Z');
    await run();
    expect(await tooLateRows()).toEqual(missed);
    // And from before 20:00 until 21:30.
    goTo('2026-03-05T02:30:00Z');
    await run();
    expect((await remindersOf(db, quiet.id)).map((r) => [r.outcome, r.message])).toEqual([
      ['skipped_quiet', undefined],
    ]);
  });

  it('writes in Spanish, and says so in plain words when the month is at risk', async () => {
    goTo('2026-03-28T12:00:00Z');
    const patient = await patientWith({ language: 'es', channels: ['sms'] });
    goTo('2026-03-28T22:00:10Z'); // 18:00 EDT, four days left and no data day this month
    await run();
    const [sent] = await remindersOf(db, patient.id);
    expect(sent!.message!.body).toBe(
      'Rehabit: Registre hoy para mantener su programa al día. Abra su programa: http://rehabit.test/my/today Responda STOP para dejar de recibir estos mensajes.',
    );
    const english = await patientWith({ channels: ['sms'] });
    goTo('2026-03-29T22:00:10Z');
    await run();
    expect((await remindersOf(db, english.id))[0]!.message!.body).toContain('Log today to keep your program on track');
  });

  it('decides a clinic’s reminders together, and one that cannot be decided leaves the others to go', async () => {
    goTo('2026-03-30T12:00:00Z');
    const patients = [await patientWith({ channels: ['sms'] }), await patientWith({ channels: ['sms'] })];
    // One schedule the job cannot read (its timezone unknown to the runtime), and one whose message the database
    // refuses, which fails its batch's transaction: the batch is then decided one schedule at a time.
    const unreadable = await patientWith({ channels: ['sms'] });
    const refused = await patientWith({ channels: ['sms'] });
    const scheduleOf = eq(reminderSchedules.patientId, unreadable.id);
    await db.update(reminderSchedules).set({ timezone: 'Mars/Olympus_Mons' }).where(scheduleOf);
    await db.execute(
      sql.raw(`create function refuse_text() returns trigger language plpgsql as $$ begin
        if new.recipient = (select '+' || regexp_replace(dial_code, '\\D', '', 'g') || phone from patients
                            where id = ${refused.id}) then
          raise exception 'refused'; end if;
        return new; end $$`),
    );
    await db.execute(
      sql.raw('create trigger refuse_text before insert on outbox for each row execute function refuse_text()'),
    );
    goTo('2026-03-30T22:00:10Z');
    await run();
    const decided = async (patientId: number) =>
      (await remindersOf(db, patientId)).map((r) => [r.localDate, r.outcome]);
    for (const patient of patients) expect(await decided(patient.id)).toEqual([['2026-03-30', 'sent']]);
    expect(await decided(unreadable.id)).toEqual([]);
    expect(await decided(refused.id)).toEqual([]);
    // Mended, they are decided at the next run, within the grace window.
    await db.update(reminderSchedules).set({ timezone: 'America/New_York' }).where(scheduleOf);
    await db.execute(sql.raw('drop trigger refuse_text on outbox'));
    await db.execute(sql.raw('drop function refuse_text()'));
    goTo('2026-03-30T22:01:10Z');
    await run();
    for (const patient of [unreadable, refused]) expect(await decided(patient.id)).toEqual([['2026-03-30', 'sent']]);
  });

  it('after a long stop, decides the reminders due now before recording the missed days', async () => {
    goTo('2026-03-31T12:00:00Z');
    const missedOnly = [
      await patientWith({ time: '09:00', channels: ['sms'] }),
      await patientWith({ time: '09:30', channels: ['sms'] }),
    ];
    const dueNow = await patientWith({ time: '19:00', channels: ['sms'] });
    // No server ran from the morning until 19:00 in New York.
    goTo('2026-03-31T23:00:10Z');
    await run();
    const [sent] = await remindersOf(db, dueNow.id);
    expect([sent!.outcome, sent!.localDate]).toEqual(['sent', '2026-03-31']);
    for (const patient of missedOnly) {
      const [missed, ...more] = await remindersOf(db, patient.id);
      expect(more).toEqual([]);
      expect([missed!.outcome, missed!.localDate]).toEqual(['missed', '2026-03-31']);
      // Claimed after the reminder due now, though its schedule comes first.
      expect(missed!.id).toBeGreaterThan(sent!.id);
    }
  });
});

describe('daylight saving time', () => {
  const cases = [
    // zone, spring-forward day, 02:30 goes at (UTC), fall-back day, 01:30 first and again (UTC)
    [
      'America/New_York',
      '2026-03-08',
      '2026-03-08T07:30:00Z',
      '2026-11-01',
      '01:30',
      '2026-11-01T05:30:00Z',
      '2026-11-01T06:30:00Z',
    ],
    [
      'Europe/Madrid',
      '2026-03-29',
      '2026-03-29T01:30:00Z',
      '2026-10-25',
      '02:30',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
    ],
  ] as const;

  it.each(cases)(
    '%s: 02:30 on spring-forward day goes at 03:30; a repeated time goes once',
    async (zone, spring, springAt, fall, repeated, first, again) => {
      goTo(`${spring}T00:00:00Z`);
      const early = await patientWith({
        time: '02:30',
        timezone: zone,
        quiet_hours_allowed: true,
        channels: ['sms'],
        days: EVERY_DAY,
      });
      goTo(new Date(new Date(springAt).getTime() - 60_000).toISOString());
      await run();
      expect((await remindersOf(db, early.id)).filter((r) => r.localDate === spring)).toEqual([]);
      goTo(springAt);
      await run();
      expect(
        (await remindersOf(db, early.id)).filter((r) => r.localDate === spring).map((r) => r.dueAt.toISOString()),
      ).toEqual([new Date(springAt).toISOString()]);

      goTo(`${fall}T00:00:00Z`);
      const twice = await patientWith({ time: repeated, timezone: zone, quiet_hours_allowed: true, channels: ['sms'] });
      goTo(first);
      await run();
      goTo(again);
      await run();
      goTo(new Date(new Date(again).getTime() + 30 * 60_000).toISOString());
      await run();
      const onFallDay = (await remindersOf(db, twice.id)).filter((r) => r.localDate === fall);
      expect(onFallDay.map((r) => [r.outcome, r.at.toISOString()])).toEqual([['sent', new Date(first).toISOString()]]);
    },
  );
});

describe('opting out', () => {
  const reply = (from: string, body: string, token = PROVIDER_TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/reminders/sms-inbound/',
      headers: bearer(token),
      payload: { from, body },
    });

  it('STOP turns text reminders off for the number, START back on; e-mail goes on', async () => {
    goTo('2026-04-06T12:00:00Z');
    const patient = await patientWith();
    expectProblem(await reply(patient.phone, 'STOP', 'wrong'), 401);
    expect((await reply(patient.phone, ' stop please')).json()).toEqual({ action: 'stopped', patients: 1 });
    expect((await scheduleOf(patient.id)).sms_opted_out).toBe(true);
    goTo('2026-04-06T22:00:10Z');
    await run();
    expect((await remindersOf(db, patient.id)).map((r) => [r.channel, r.outcome])).toEqual([
      ['sms', 'opted_out'],
      ['email', 'sent'],
    ]);
    expect((await reply(patient.phone, 'START')).json()).toEqual({ action: 'started', patients: 1 });
    expect((await reply(patient.phone, 'Thanks!')).json()).toEqual({ action: 'ignored', patients: 0 });
    goTo('2026-04-07T22:00:10Z');
    await run();
    expect(
      (await remindersOf(db, patient.id)).filter((r) => r.localDate === '2026-04-07').map((r) => r.outcome),
    ).toEqual(['sent', 'sent']);
    expect((await auditRowsOf(db, patient.id, 'reminder.sms_reply')).map((r) => r.detail)).toEqual([
      { reply: 'stop', channel: 'sms' },
      { reply: 'start', channel: 'sms' },
    ]);
  });

  it('the e-mail’s link unsubscribes with one click and no sign-in', async () => {
    goTo('2026-04-08T12:00:00Z');
    const patient = await patientWith({ channels: ['email'] });
    goTo('2026-04-08T22:00:10Z');
    await run();
    const [sent] = await remindersOf(db, patient.id);
    const link = new URL(/http:\S+token=\S+/.exec(sent!.message!.body)![0]);
    const url = `${link.pathname}${link.search}`;

    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await scheduleOf(patient.id)).email_opted_out).toBe(false);

    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ unsubscribed: true });
    // E-mail leaves the channels: only ticking it again in a save brings it back.
    expect(await scheduleOf(patient.id)).toMatchObject({ email_opted_out: true, channels: [] });
    expect(await auditRowsOf(db, patient.id, 'reminder.email_unsubscribe')).toHaveLength(1);
    goTo('2026-04-09T22:00:10Z');
    await run();
    expect((await remindersOf(db, patient.id)).map((r) => r.outcome)).toEqual(['sent']);

    const forged = url.replace(/token=(\d+)/, (_m, id: string) => `token=${Number(id) + 1}`);
    expectProblem(await t.app.inject({ method: 'POST', url: forged }), 400, 'invalid_token');
    expectProblem(await t.app.inject({ method: 'GET', url: forged }), 400, 'invalid_token');

    // A person who opens a forged or cut link gets a page in both languages, never JSON.
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const cut = url.slice(0, url.indexOf('token=') + 10);
    for (const [method, bad] of [
      ['GET', forged],
      ['POST', forged],
      ['GET', cut],
      ['GET', link.pathname],
    ] as const) {
      const res = await t.app.inject({ method, url: bad, headers: browser });
      expect(res.statusCode, `${method} ${bad}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This unsubscribe link is not valid.');
      expect(res.body).toContain('Este enlace para darse de baja no es válido.');
    }
  });
});

describe('what staff read', () => {
  it('pages what was sent and counts adherence per week', async () => {
    goTo('2026-04-13T12:00:00Z');
    const patient = await patientWith({ channels: ['sms'] });
    for (const day of ['13', '14', '15']) {
      goTo(`2026-04-${day}T22:00:10Z`);
      await run();
    }
    await logSteps(db, home.clinic.id, patient.id, '2026-04-16');
    goTo('2026-04-16T22:00:10Z');
    await run();
    const token = await therapist();
    const page = await call.get(`/api/v1/patients/${patient.id}/reminders/sent/?page=1&page_size=3`, token);
    expect(page.json()).toMatchObject({ count: 4, next: 2, previous: null });
    expect(page.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['skipped_logged', 'sent', 'sent']);
    const adherence = (await call.get(`/api/v1/patients/${patient.id}/reminders/adherence/`, token)).json();
    expect(adherence.weeks).toHaveLength(8);
    expect(adherence.weeks.at(-1)).toEqual({ week_start: '2026-04-12', days_planned: 4, days_logged: 1 });
    expect(await auditRowsOf(db, patient.id, 'reminder.list')).toHaveLength(1);
    expect(await auditRowsOf(db, patient.id, 'reminder_adherence.read')).toHaveLength(1);
  });
});
