import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rowsOf, type TwoServers, twoServers } from '../../../test/month-close-support.ts';
import { remindersOf } from '../../../test/reminders-support.ts';
import { clinicScope } from '../../db/scope.ts';
import { createPatientsRepository } from '../patients/patients.repository.ts';
import { createReminderSchedulesRepository } from './reminder-schedules.repository.ts';

describe('the reminders’ job on two servers of one database', () => {
  let s: TwoServers;
  let patientId: number;

  const isIdle = async () => {
    const [row] = await rowsOf<{ n: number }>(
      s.db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reminders-due' AND state IN ('created', 'retry', 'active')`,
      ),
    );
    return row!.n === 0;
  };
  const outcomes = async () => (await remindersOf(s.db, patientId)).map((r) => [r.localDate, r.outcome]);

  beforeAll(async () => {
    s = await twoServers();
    const { clinic, staff } = await s.clinicWithStaff('America/New_York');
    const scope = clinicScope(clinic.id);
    patientId = await createPatientsRepository(s.db, scope).insert({
      firstName: 'Rosa',
      lastName: 'Reminded',
      phone: '5550107777',
      birthday: '1950-05-05',
      source: 'qr',
    });
    // 10:00 in New York is 15:00 UTC, the test clock's start: the reminder is due as the servers start.
    await createReminderSchedulesRepository(s.db, scope).save(
      patientId,
      {
        enabled: true,
        days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        localTime: '10:00',
        timezone: 'America/New_York',
        language: 'en',
        channels: ['sms'],
        quietHoursAllowed: false,
      },
      { setBy: 'staff', userId: staff[0]!.id, now: new Date('2026-03-02T14:00:00Z') },
    );
    s.clock.advanceSeconds(20);
    await s.start();
  });
  afterAll(() => s?.close());

  it('sends the reminder due at the servers’ start once, through the queue', async () => {
    await eventually(async () => (await outcomes()).length > 0 && (await isIdle()));
    expect(await outcomes()).toEqual([['2026-03-02', 'sent']]);
  });

  it('runs every minute: the queue’s next check sends the next day’s reminder, once', async () => {
    const [schedule] = await rowsOf<{ cron: string }>(
      s.db.execute(sql`SELECT cron FROM pgboss.schedule WHERE name = 'reminders-due'`),
    );
    expect(schedule?.cron).toBe('* * * * *');
    s.clock.advanceMinutes(24 * 60);
    // The minute's check as the schedule sends it, seen by both servers' workers.
    await Promise.all([s.sender.send('reminders-due', {}), s.sender.send('reminders-due', {})]);
    await eventually(async () => (await outcomes()).length === 2 && (await isIdle()));
    expect(await outcomes()).toEqual([
      ['2026-03-02', 'sent'],
      ['2026-03-03', 'sent'],
    ]);
  });
});
