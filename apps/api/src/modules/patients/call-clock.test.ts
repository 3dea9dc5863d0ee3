/**
 * A logged call fits the clinic's calendar and the clinician's clock (decisions 1280–1282). The test clock reads
 * Mar 2, 2026, 10:00 in New York (the clinics' timezone): today is Mar 2, and the correction window reaches back to
 * Feb 23.
 */
import { pathOf, patientEndpoints } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { patientEpisodes } from '../../db/schema.ts';

const c = await twoClinicsForFile();
expect(c.t.clock.now().toISOString()).toBe('2026-03-02T15:00:00.000Z');

const url = (patientId: number) => pathOf(patientEndpoints.logInteraction, { id: patientId });
type Body = { date: string; start_time?: string; minutes: number; kind?: string };
const post = (patientId: number, body: Body, token = c.home.therapist.token) =>
  c.call.post(url(patientId), token, { kind: 'phone', ...body });
async function logged(patientId: number, body: Body, token?: string) {
  const res = await post(patientId, body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; date: string; started_at: string; minutes: number };
}
/** A refusal naming `field`, with its message; nothing is saved. */
async function refused(patientId: number, body: Body, status: number, field: string) {
  const before = (await c.call.get(url(patientId), c.home.therapist.token)).json().count;
  const problem = expectProblem(await post(patientId, body), status);
  expect(problem.errors?.[field], JSON.stringify(problem)).toEqual([problem.detail]);
  expect((await c.call.get(url(patientId), c.home.therapist.token)).json().count).toBe(before);
  return problem.detail;
}
const patient = async () => (await c.call.register(c.home.manager.token)).id;

describe('a call’s start', () => {
  it('is asked with the day: a client sending only the date is told to give the start time', async () => {
    const id = await patient();
    const problem = expectProblem(await post(id, { date: '2026-03-02', minutes: 5 }), 400);
    expect(problem.errors?.start_time).toEqual(['Enter the time the call started']);
    for (const start_time of ['25:00', '9:5', '09:60', 'noon']) {
      expect(
        expectProblem(await post(id, { date: '2026-03-02', start_time, minutes: 5 }), 400).errors?.start_time,
      ).toEqual(['Enter the start time as HH:MM on the 24-hour clock, e.g. 14:30']);
    }
  });

  it('is read on the clinic’s clocks and stored as an instant', async () => {
    const id = await patient();
    // 09:15 in New York in winter is 14:15 UTC.
    const log = await logged(id, { date: '2026-03-02', start_time: '09:15', minutes: 20 });
    expect(log).toMatchObject({ date: '2026-03-02', started_at: '2026-03-02T14:15:00.000Z', minutes: 20 });
    const listed = (await c.call.get(url(id), c.home.therapist.token)).json().results[0];
    expect(listed.started_at).toBe('2026-03-02T14:15:00.000Z');
  });

  it('has come: a call starting later than now is refused', async () => {
    const id = await patient();
    const detail = await refused(id, { date: '2026-03-02', start_time: '10:01', minutes: 5 }, 400, 'start_time');
    expect(detail).toBe('A call cannot start later than now (10:00 AM)');
    await logged(id, { date: '2026-03-02', start_time: '10:00', minutes: 5 });
  });
});

describe('a call’s day', () => {
  it('is never after the clinic’s today', async () => {
    const id = await patient();
    const detail = await refused(id, { date: '2026-03-03', start_time: '09:00', minutes: 5 }, 400, 'date');
    expect(detail).toBe('A call cannot be logged in the future: today is Mar 2, 2026');
    await refused(id, { date: '2999-01-01', start_time: '09:00', minutes: 5 }, 400, 'date');
  });

  it('reaches back 7 days at most; an older call is a correction for the supervisor', async () => {
    const id = await patient();
    await logged(id, { date: '2026-02-23', start_time: '08:00', minutes: 5 });
    for (const date of ['2026-02-22', '2020-01-01', '0001-01-01']) {
      const detail = await refused(id, { date, start_time: '08:00', minutes: 5 }, 400, 'date');
      expect(detail).toBe(
        "A call can be logged up to 7 days back (from Feb 23, 2026); the clinic's supervisor can log an older one as a correction",
      );
    }
  });

  it('reaches back a year for the clinic’s supervisor, who logs older calls as corrections', async () => {
    const id = await patient();
    const supervisor = c.home.supervisor.token;
    await logged(id, { date: '2026-01-15', start_time: '08:00', minutes: 5 }, supervisor);
    await logged(id, { date: '2025-03-02', start_time: '08:00', minutes: 5 }, supervisor);
    for (const date of ['2025-03-01', '0001-01-01']) {
      const problem = expectProblem(await post(id, { date, start_time: '08:00', minutes: 5 }, supervisor), 400);
      expect(problem.errors?.date).toEqual([
        "A supervisor's correction reaches up to 365 days back (from Mar 2, 2025)",
      ]);
    }
    // A manager is held to the week like everyone else.
    expectProblem(await post(id, { date: '2026-01-15', start_time: '09:00', minutes: 5 }, c.home.manager.token), 400);
  });

  it('is never before the patient’s latest RTM episode began, the day it began included', async () => {
    const id = await patient();
    const db = c.t.database.db;
    // An ended episode, then the current one from Feb 27, 10:00 in New York.
    await db.insert(patientEpisodes).values([
      {
        patientId: id,
        clinicId: c.home.clinic.id,
        diagnosis: 'M54.50',
        startedAt: new Date('2026-02-01T15:00:00Z'),
        endedAt: new Date('2026-02-10T15:00:00Z'),
      },
      { patientId: id, clinicId: c.home.clinic.id, diagnosis: 'M54.50', startedAt: new Date('2026-02-27T15:00:00Z') },
    ]);
    const detail = await refused(id, { date: '2026-02-26', start_time: '09:00', minutes: 5 }, 400, 'date');
    expect(detail).toBe("A call cannot be before this patient's RTM episode began on Feb 27, 2026");
    await logged(id, { date: '2026-02-27', start_time: '08:00', minutes: 5 });
  });
});

describe('one clinician’s calls fit the clock', () => {
  it('end by midnight of their day: a call may end at midnight exactly', async () => {
    const id = await patient();
    const detail = await refused(id, { date: '2026-02-24', start_time: '20:01', minutes: 240 }, 400, 'minutes');
    expect(detail).toBe('A call ends by midnight of its day: one starting at 8:01 PM lasts at most 239 minutes');
    const log = await logged(id, { date: '2026-02-24', start_time: '20:00', minutes: 240 });
    expect(log.started_at).toBe('2026-02-25T01:00:00.000Z');
  });

  it('never overlap, with any patient; back to back is fine, and a deleted call frees its time', async () => {
    const first = await patient();
    const second = await patient();
    const call = await logged(first, { date: '2026-02-25', start_time: '14:00', minutes: 30 });
    await logged(second, { date: '2026-02-25', start_time: '14:30', minutes: 30 });
    await logged(second, { date: '2026-02-25', start_time: '13:30', minutes: 30 });
    const other = await refused(second, { date: '2026-02-25', start_time: '14:15', minutes: 5 }, 409, 'start_time');
    expect(other).toBe(
      'This call would overlap your call with another patient from 2:00 PM to 2:30 PM on Feb 25, 2026',
    );
    const same = await refused(first, { date: '2026-02-25', start_time: '13:50', minutes: 15 }, 409, 'start_time');
    expect(same).toBe('This call would overlap your call with another patient from 1:30 PM to 2:00 PM on Feb 25, 2026');
    await refused(first, { date: '2026-02-25', start_time: '14:29', minutes: 1 }, 409, 'start_time');
    // Another clinician of the clinic may be on a call at the same time.
    await logged(second, { date: '2026-02-25', start_time: '14:15', minutes: 5 }, c.home.manager.token);
    const deleted = await c.call.post(
      pathOf(patientEndpoints.deleteInteraction, { id: first }),
      c.home.therapist.token,
      { log: call.id },
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    await logged(second, { date: '2026-02-25', start_time: '14:15', minutes: 5 });
  });

  it('names this patient when the overlapping call is with them', async () => {
    const id = await patient();
    await logged(id, { date: '2026-02-26', start_time: '11:00', minutes: 10 });
    const detail = await refused(id, { date: '2026-02-26', start_time: '11:05', minutes: 10 }, 409, 'start_time');
    expect(detail).toBe(
      'This call would overlap your call with this patient from 11:00 AM to 11:10 AM on Feb 26, 2026',
    );
  });

  it('hold no more minutes in a day than it has: five 240-minute calls fit, a sixth at the same time does not', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => patient()));
    for (const [i, start_time] of ['00:00', '04:00', '08:00', '12:00', '16:00', '20:00'].entries()) {
      await logged(ids[i]!, { date: '2026-02-28', start_time, minutes: 240 });
    }
    await refused(ids[0]!, { date: '2026-02-28', start_time: '10:00', minutes: 240 }, 409, 'start_time');
  });

  it('stay apart when two arrive at once: one is saved, the other refused', async () => {
    const [a, b] = [await patient(), await patient()];
    const body = { date: '2026-02-27', start_time: '16:00', minutes: 30 };
    const answers = await Promise.all([post(a, body), post(b, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });
});
