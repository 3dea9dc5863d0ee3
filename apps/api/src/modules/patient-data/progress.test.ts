import { randomUUID } from 'node:crypto';
import { hepEndpoints, pathOf, patientDataEndpoints, patientProgramEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, makeVideo, sessionForPatient, setClinicTimezone } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { functionalEntries, healthMetrics, hepItems } from '../../db/schema.ts';

const NOW = new Date('2026-03-02T15:00:00Z'); // Monday 2 March, 07:00 in Los Angeles

const { t, call, home, away } = await twoClinicsForFile();
await setClinicTimezone(t.database.db, home.clinic.id, 'America/Los_Angeles');

/** Moves the test clock to an instant (the staff sessions stay valid: they are signed in again as needed). */
const setClock = (at: Date) => t.clock.advanceMinutes((at.getTime() - t.clock.now().getTime()) / 60_000);

async function staffToken() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/clinic/therapist/signin',
    payload: { email: home.therapist.email, password: 'correct-horse-battery' },
  });
  return res.json().token as string;
}

/** A patient with program items created at the given instants, with their times a day. */
async function patientWithItems(items: { createdAt: Date; timesPerDay: number }[]) {
  const token = await staffToken();
  const patientId = (await call.register(token)).id;
  if (items.length === 0) return { patientId, ids: [] as number[] };
  const video = await makeVideo(t.database.db, { clinicId: home.clinic.id, title: 'Bridge' });
  const res = await call.post(
    pathOf(hepEndpoints.program, { dashboardId: patientId }),
    token,
    items.map((i) => ({ video_id: video.id, times_per_day: i.timesPerDay })),
  );
  const ids = (res.json().results as { id: number }[]).map((r) => r.id);
  for (const [index, item] of items.entries()) {
    await t.database.db.update(hepItems).set({ createdAt: item.createdAt }).where(eq(hepItems.id, ids[index]!));
  }
  return { patientId, ids };
}

async function logAt(at: Date, patientId: number, hepId: number, extra: object = {}) {
  setClock(at);
  const { token } = await sessionForPatient(t, patientId);
  const res = await call.post(patientProgramEndpoints.logExercise.path, token, {
    hep_id: hepId,
    sets_done: 1,
    client_id: randomUUID(),
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

const progressOf = async (patientId: number, weeksAgo?: number) => {
  setClock(NOW);
  const query = weeksAgo === undefined ? '' : `?weeks_ago=${weeksAgo}`;
  const res = await call.get(`${pathOf(patientDataEndpoints.progress, { patientId })}${query}`, await staffToken());
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
};

describe('the progress week', () => {
  it('runs Sunday to Saturday in the clinic timezone, caps what counts as done, and pages back by weeks', async () => {
    const { patientId, ids } = await patientWithItems([
      { createdAt: new Date('2026-02-20T20:00:00Z'), timesPerDay: 2 },
    ]);
    const hepId = ids[0]!;
    // 23:30 on Saturday 28 February in Los Angeles is already Sunday in UTC: it belongs to last week.
    await logAt(new Date('2026-03-01T07:30:00Z'), patientId, hepId, { pain: 5, difficulty: 'hard' });
    await logAt(NOW, patientId, hepId, { difficulty: 'easy' });
    await logAt(new Date(NOW.getTime() + 60_000), patientId, hepId);
    await logAt(new Date(NOW.getTime() + 120_000), patientId, hepId, { difficulty: 'right' });

    const last = await progressOf(patientId, 1);
    expect(last).toMatchObject({
      patient_id: patientId,
      weeks_ago: 1,
      timezone: 'America/Los_Angeles',
      week_start: '2026-02-22',
      week_end: '2026-02-28',
    });
    expect(last.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-02-22',
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
    ]);
    expect(last.days.every((d: { assigned: number; is_future: boolean }) => d.assigned === 2 && !d.is_future)).toBe(
      true,
    );
    expect(last.days[6]).toMatchObject({ done: 1, engagement: 50, difficulty: 3, is_data_day: true });
    expect(last.days[6].metrics).toMatchObject({ painlevel: 5, engagement: 50, steps: null });
    expect(last.days[5]).toMatchObject({ done: 0, engagement: 0, difficulty: null, is_data_day: false });
    expect(last.summary).toMatchObject({ assigned: 14, done: 1, engagement: 7, data_days: 1 });
    expect(last.summary.exercises).toEqual([{ hep_id: hepId, title: 'Bridge', assigned: 14, done: 1 }]);

    const current = await progressOf(patientId);
    expect(current).toMatchObject({ weeks_ago: 0, week_start: '2026-03-01', week_end: '2026-03-07' });
    expect(current.days[0]).toMatchObject({ date: '2026-03-01', assigned: 2, done: 0, is_data_day: false });
    // Three sessions logged today, two asked for: done is 2, engagement 100, never more.
    expect(current.days[1]).toMatchObject({
      date: '2026-03-02',
      assigned: 2,
      done: 2,
      engagement: 100,
      difficulty: 1.5,
    });
    expect(
      current.days.slice(2).every((d: { is_future: boolean; assigned: number }) => d.is_future && d.assigned === 0),
    ).toBe(true);
    expect(current.summary).toMatchObject({ assigned: 4, done: 2, engagement: 50, data_days: 1 });
    expect(current.streak).toBe(1);

    const { token } = await sessionForPatient(t, patientId);
    const own = await call.get(`${patientProgramEndpoints.progress.path}?weeks_ago=1`, token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(last);
    expect((await auditRows(t.database.db, 'progress.read', patientId)).length).toBe(3);
  });

  it('counts items in force each day, sums steps, averages readings and never counts a pain twice', async () => {
    const { patientId, ids } = await patientWithItems([
      { createdAt: new Date('2026-02-20T20:00:00Z'), timesPerDay: 1 },
      { createdAt: new Date('2026-02-20T20:00:00Z'), timesPerDay: 3 },
      { createdAt: NOW, timesPerDay: 2 },
    ]);
    // The second item was deleted at 02:00 on Monday in Los Angeles: it still counts on Monday, not after.
    await t.database.db
      .update(hepItems)
      .set({ deletedAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(hepItems.id, ids[1]!));
    await logAt(NOW, patientId, ids[0]!, { pain: 6 });
    const reading = (kind: string, value: number, at: string, localDate: string) => ({
      clinicId: home.clinic.id,
      patientId,
      kind,
      value,
      measuredAt: new Date(at),
      localDate,
      source: 'apple_health',
    });
    await t.database.db
      .insert(healthMetrics)
      .values([
        reading('painlevel', 2, '2026-03-02T16:00:00Z', '2026-03-02'),
        reading('steps', 1000, '2026-03-02T16:00:00Z', '2026-03-02'),
        reading('steps', 2500, '2026-03-02T17:00:00Z', '2026-03-02'),
        reading('heart_rate', 60, '2026-03-01T16:00:00Z', '2026-03-01'),
        reading('heart_rate', 80, '2026-03-01T17:00:00Z', '2026-03-01'),
        reading('distance', 1200.5, '2026-03-01T17:00:00Z', '2026-03-01'),
      ]);

    const week = await progressOf(patientId);
    expect(week.days[0]).toMatchObject({ date: '2026-03-01', assigned: 4, done: 0, is_data_day: false });
    expect(week.days[0].metrics).toMatchObject({ heart_rate: 70, distance: 1200.5, steps: null });
    expect(week.days[1]).toMatchObject({ date: '2026-03-02', assigned: 6, done: 1, engagement: 17, is_data_day: true });
    expect(week.days[1].metrics).toMatchObject({ steps: 3500, painlevel: 4, heart_rate: null });
    // The day's pain is the average of its two ratings; the later one (2) is what the patient's Today showed.
    expect(week.days[1].pain).toEqual({ ratings: 2, latest: 2 });
    expect(week.days[0].pain).toEqual({ ratings: 0, latest: null });
    expect(week.summary.metrics).toMatchObject({ steps: 3500, heart_rate: 70, painlevel: 4, engagement: 10 });
    expect(week.summary.exercises.map((e: { hep_id: number; assigned: number }) => [e.hep_id, e.assigned])).toEqual([
      [ids[0], 2],
      [ids[1], 6],
      [ids[2], 2],
    ]);
  });

  it('makes a data day of an outcome entry the patient filled in and of synced steps alone, never of a staff entry', async () => {
    const { patientId } = await patientWithItems([]);
    const entered = await call.post(pathOf(patientDataEndpoints.functionalData, { patientId }), await staffToken(), {
      datatype_id: 1,
      entries: [{ date: '2026-03-01', answers: [3] }],
    });
    expect(entered.statusCode).toBe(201);
    expect((await progressOf(patientId)).days[0]).toMatchObject({ date: '2026-03-01', is_data_day: false });
    // The same entry as the patient's own.
    await t.database.db
      .update(functionalEntries)
      .set({ enteredBy: 'patient' })
      .where(eq(functionalEntries.patientId, patientId));
    const reading = (kind: string, localDate: string) => ({
      clinicId: home.clinic.id,
      patientId,
      kind,
      value: 70,
      measuredAt: new Date(`${localDate}T20:00:00Z`),
      localDate,
      source: 'device',
    });
    // Steps make a data day; a heart rate alone does not (decision 1200).
    await t.database.db
      .insert(healthMetrics)
      .values([
        reading('heart_rate', '2026-03-01'),
        reading('steps', '2026-03-02'),
        reading('heart_rate', '2026-03-03'),
      ]);
    const week = await progressOf(patientId);
    expect(week.days.map((d: { is_data_day: boolean }) => d.is_data_day)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(week.days[0]).toMatchObject({ assigned: 0, engagement: null });
    expect(week.summary).toMatchObject({ engagement: null, data_days: 2, exercises: [] });
  });

  it('is for staff of the clinic and the patient, with a valid week', async () => {
    const { patientId } = await patientWithItems([]);
    setClock(NOW);
    expectProblem(await call.get(pathOf(patientDataEndpoints.progress, { patientId }), away.therapist.token), 404);
    expect(await auditRows(t.database.db, 'progress.read')).toContainEqual(
      expect.objectContaining({ outcome: 'denied', actorUserId: away.therapist.id }),
    );
    const token = await staffToken();
    for (const weeks of ['-1', 'x', '521', '1.5']) {
      expectProblem(
        await call.get(`${pathOf(patientDataEndpoints.progress, { patientId })}?weeks_ago=${weeks}`, token),
        400,
      );
    }
    expectProblem(await call.get(pathOf(patientDataEndpoints.progress, { patientId: 999_999 }), token), 404);
    const patient = await sessionForPatient(t, patientId);
    expectProblem(await call.get(pathOf(patientDataEndpoints.progress, { patientId }), patient.token), 403);
    expectProblem(await call.get(patientProgramEndpoints.progress.path, token), 403);
    expectProblem(await call.get(patientProgramEndpoints.progress.path), 401);
  });
});
