import type { Task } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../src/lib/audit.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createPushSender } from '../src/lib/push.ts';
import { createReminderRunner } from '../src/modules/reminders/reminder-runner.ts';
import { createTaskRules } from '../src/modules/tasks/task-rules.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { bearer, testAppForFile } from './helpers.ts';
import { remindersOf } from './reminders-support.ts';

const t = await testAppForFile();

const signin = async (email: string, password = 'rehabit-demo-1') => {
  const res = await t.app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload: { email, password } });
  expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
  return res.json().token as string;
};

describe('demo data', () => {
  it('creates the demo clinics, accounts and patients once', async () => {
    expect(await seedDemo(t.database.db, { restrictedCode: 'X5218' })).toBe(true);
    expect(await seedDemo(t.database.db, { restrictedCode: 'X5218' })).toBe(false);

    const therapist = await signin('therapist@example.com');
    const me = (await t.app.inject({ url: '/api/v1/users/', headers: bearer(therapist) })).json().results[0];
    expect(me).toMatchObject({ role: 'therapist', code: 'DEMO01', clinic_name: 'Rehabit Demo Clinic' });
    for (const email of ['manager@example.com', 'admin@example.com', 'other@example.com', 'demo@example.com']) {
      await signin(email);
    }
    const supervisor = await t.app.inject({
      method: 'POST',
      url: '/clinic/supervisor/signin',
      payload: { code: 'DEMO01', password: 'demo-supervisor-1' },
    });
    expect(supervisor.statusCode).toBe(200);

    const list = (await t.app.inject({ url: '/api/v1/patients/?page_size=100', headers: bearer(therapist) })).json();
    expect(list.count).toBeGreaterThanOrEqual(50);
    const statuses = new Set(list.results.map((p: { status: string }) => p.status));
    expect([...statuses].sort()).toEqual(['discharged', 'onboarded', 'registered']);

    const other = await signin('other@example.com');
    const otherList = (await t.app.inject({ url: '/api/v1/patients/', headers: bearer(other) })).json();
    expect(otherList.count).toBeGreaterThan(0);
    expect(otherList.count).toBeLessThan(10);
    const foreignId = otherList.results[0].id;
    expect((await t.app.inject({ url: `/api/v1/patients/${foreignId}/`, headers: bearer(therapist) })).statusCode).toBe(
      404,
    );

    const settings = (await t.app.inject({ url: '/user/settings-info', headers: bearer(therapist) })).json();
    expect(settings.support_user_id).toBeGreaterThan(0);
    expect(settings.initial_note).toContain('Rehabit');

    // Chat is not empty on first start: patients who use the app wait for an answer to their question, and support
    // answered the therapist.
    type Listed = { unread_message_count: number; last_message: { message: string } | null };
    const chats = (await t.app.inject({ url: '/chat/therapist', headers: bearer(therapist) })).json();
    expect(chats.count).toBeGreaterThanOrEqual(3);
    const waiting = chats.results.filter((s: Listed) => s.unread_message_count > 0);
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    for (const s of waiting) expect(s.last_message?.message).toMatch(/\?$/);
    const support = (await t.app.inject({ url: '/chat/support', headers: bearer(therapist) })).json();
    expect(support.results).toMatchObject([{ unread_message_count: 1 }]);
  });
});

describe('the demo clinic’s tasks', () => {
  it('hold one task to onboard each patient who registered by QR code, also once the rules have run', async () => {
    const manager = await signin('manager@example.com');
    const rules = createTaskRules({ db: t.database.db, clock: systemClock, audit: createAuditLog(t.database.db) });
    for (const id of await rules.clinicIds()) await rules.evaluateClinic(id);
    const list = (
      await t.app.inject({ url: '/api/v1/tasks/?status=new&page_size=100', headers: bearer(manager) })
    ).json() as { results: Task[] };
    const toOnboard = list.results.filter((task) => task.kind === 'onboard_patient');
    expect(toOnboard.length).toBeGreaterThan(0);
    const patientIds = toOnboard.map((task) => task.patient!.id);
    expect(new Set(patientIds).size).toBe(patientIds.length);
  });
});

describe('the demo staff', () => {
  const count = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('joined before anything they did, and on the day their referral says they signed up', async () => {
    expect(await count(sql`select count(*)::int as n from monitoring_sessions`)).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from monitoring_sessions m join users u on u.id = m.user_id
                      where m.started_at < u.created_at`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from referrals r join users u on u.id = r.user_id
                      where r.signed_up_at is distinct from u.created_at`),
    ).toBe(0);
  });
});

describe('the demo therapist’s referrals', () => {
  it('show invitations at each step, so the referral screen is not empty on first start', async () => {
    const therapist = await signin('therapist@example.com');
    const list = (await t.app.inject({ url: '/api/v1/clinic/referral/', headers: bearer(therapist) })).json() as {
      count: number;
      results: { status: string }[];
    };
    expect(list.count).toBe(4);
    // The test's clock is not the demo seed's, so whether the oldest open invitation has run out is not checked here.
    const statuses = list.results.map((r) => r.status);
    for (const status of ['approved', 'signed_up', 'invited']) expect(statuses).toContain(status);
  });
});

describe('the demo clinic’s reminders', () => {
  type Schedule = { enabled: boolean; language: string; sms_opted_out: boolean; email_opted_out: boolean };
  const demoSchedules = async () =>
    (await t.database.db.execute(
      sql`select s.patient_id as "patientId" from reminder_schedules s join clinics c on c.id = s.clinic_id
          where c.code = 'DEMO01' order by s.patient_id`,
    )) as unknown as { rows: { patientId: number }[] };

  it('show staff schedules in both languages, a STOP and an unsubscribe, and weeks of what was sent', async () => {
    const therapist = await signin('therapist@example.com');
    const { rows } = await demoSchedules();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const schedules: Schedule[] = [];
    const outcomes = new Set<string>();
    for (const { patientId } of rows) {
      const url = `/api/v1/patients/${patientId}/reminders/`;
      schedules.push((await t.app.inject({ url, headers: bearer(therapist) })).json());
      const sent = (await t.app.inject({ url: `${url}sent/?page_size=100`, headers: bearer(therapist) })).json();
      for (const r of sent.results as { outcome: string }[]) outcomes.add(r.outcome);
    }
    expect(schedules.every((s) => s.enabled)).toBe(true);
    expect(new Set(schedules.map((s) => s.language))).toEqual(new Set(['en', 'es']));
    expect(schedules.some((s) => s.sms_opted_out)).toBe(true);
    expect(schedules.some((s) => s.email_opted_out)).toBe(true);
    for (const outcome of ['sent', 'skipped_logged', 'opted_out', 'failed']) expect(outcomes).toContain(outcome);
  });

  it('leave the reminders’ job only today to decide: no day of the history is recorded as missed', async () => {
    const runner = createReminderRunner({
      db: t.database.db,
      clock: systemClock,
      mailer: t.app.mailer,
      sms: t.app.sms,
      push: createPushSender({ keys: undefined }),
      config: t.app.config,
      log: { error: () => {} },
    });
    await runner.runDue();
    // The job looked at every schedule: each waits for its next reminder.
    const unlooked = (await t.database.db.execute(
      sql`select count(*)::int as n from reminder_schedules s join clinics c on c.id = s.clinic_id
          where c.code = 'DEMO01' and (s.next_at is null or s.next_at <= now())`,
    )) as unknown as { rows: { n: number }[] };
    expect(unlooked.rows[0]!.n).toBe(0);
    for (const { patientId } of (await demoSchedules()).rows) {
      const missed = (await remindersOf(t.database.db, patientId)).filter((r) => r.outcome === 'missed');
      expect(missed).toEqual([]);
    }
  });
});
