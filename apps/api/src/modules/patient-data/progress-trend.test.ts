import {
  hepEndpoints,
  pathOf,
  patientDataEndpoints,
  patientProgramEndpoints,
  progressTrendEndpoints,
} from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, makeVideo, sessionForPatient, setClinicTimezone } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { exerciseLogs, healthMetrics, hepItems, patientEpisodes, patients } from '../../db/schema.ts';

// The test clock stands at Monday 2 March 2026, 07:00 in Los Angeles: the current week began on Sunday 1 March.
const { t, call, home, away } = await twoClinicsForFile();
await setClinicTimezone(t.database.db, home.clinic.id, 'America/Los_Angeles');

const db = () => t.database.db;

/** A patient registered at `registeredAt`, with the episodes given (instants). */
async function patientWith(registeredAt: string, episodes: { start: string; end?: string }[] = []) {
  const patientId = (await call.register(home.therapist.token)).id;
  await db()
    .update(patients)
    .set({ createdAt: new Date(registeredAt) })
    .where(eq(patients.id, patientId));
  for (const episode of episodes) {
    await db()
      .insert(patientEpisodes)
      .values({
        patientId,
        clinicId: home.clinic.id,
        diagnosis: 'M54.50',
        therapistId: home.therapist.id,
        startedAt: new Date(episode.start),
        endedAt: episode.end ? new Date(episode.end) : null,
      });
  }
  return patientId;
}

const trendOf = async (patientId: number) => {
  const res = await call.get(pathOf(progressTrendEndpoints.progressTrend, { patientId }), home.therapist.token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
};

const weekOf = async (patientId: number, weeksAgo: number) =>
  (
    await call.get(
      `${pathOf(patientDataEndpoints.progress, { patientId })}?weeks_ago=${weeksAgo}`,
      home.therapist.token,
    )
  ).json();

describe('the progress trend', () => {
  it('gives each week of the episode as the week view sums it up, steps per day, oldest first, and is audited', async () => {
    const patientId = await patientWith('2026-02-01T18:00:00Z', [{ start: '2026-02-10T18:00:00Z' }]);
    const video = await makeVideo(db(), { clinicId: home.clinic.id, title: 'Bridge' });
    const added = await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), home.therapist.token, [
      { video_id: video.id, times_per_day: 2 },
    ]);
    const hepId = (added.json().results as { id: number }[])[0]!.id;
    // Noon on Monday 9 February in Los Angeles.
    await db()
      .update(hepItems)
      .set({ createdAt: new Date('2026-02-09T20:00:00Z') })
      .where(eq(hepItems.id, hepId));
    const log = (performedAt: string, localDate: string, n: number) => ({
      clinicId: home.clinic.id,
      patientId,
      hepItemId: hepId,
      performedAt: new Date(performedAt),
      localDate,
      setsDone: 1,
      clientId: `trend-${localDate}-${n}`,
    });
    await db()
      .insert(exerciseLogs)
      .values([
        log('2026-02-16T18:00:00Z', '2026-02-16', 1),
        // 23:30 on Saturday 28 February in Los Angeles is Sunday in UTC: it belongs to the week of 22 February.
        log('2026-03-01T07:30:00Z', '2026-02-28', 1),
        log('2026-03-02T15:00:00Z', '2026-03-02', 1),
      ]);
    const reading = (kind: string, value: number, localDate: string, hour = 20) => ({
      clinicId: home.clinic.id,
      patientId,
      kind,
      value,
      measuredAt: new Date(`${localDate}T${hour}:00:00Z`),
      localDate,
      source: 'device',
    });
    await db()
      .insert(healthMetrics)
      .values([
        reading('steps', 3000, '2026-02-16'),
        reading('steps', 2000, '2026-02-17'),
        reading('steps', 3000, '2026-02-17', 21),
        reading('painlevel', 4, '2026-02-18'),
        reading('painlevel', 7, '2026-02-18', 21),
      ]);

    const trend = await trendOf(patientId);
    expect(trend).toMatchObject({
      patient_id: patientId,
      timezone: 'America/Los_Angeles',
      today: '2026-03-02',
      episode: { started: '2026-02-10', ended: null },
      registered: '2026-02-01',
    });
    expect(trend.weeks).toEqual([
      // The item came on Monday 9 February: six days of two sessions, none done.
      {
        week_start: '2026-02-08',
        week_end: '2026-02-14',
        weeks_ago: 3,
        assigned: 12,
        done: 0,
        engagement: 0,
        pain: null,
        steps: null,
        data_days: 0,
      },
      // Steps are a daily average over the days with steps: (3000 + 5000) / 2.
      {
        week_start: '2026-02-15',
        week_end: '2026-02-21',
        weeks_ago: 2,
        assigned: 14,
        done: 1,
        engagement: 7,
        pain: 5.5,
        steps: 4000,
        data_days: 3,
      },
      {
        week_start: '2026-02-22',
        week_end: '2026-02-28',
        weeks_ago: 1,
        assigned: 14,
        done: 1,
        engagement: 7,
        pain: null,
        steps: null,
        data_days: 1,
      },
      // Today is Monday: two days asked for so far.
      {
        week_start: '2026-03-01',
        week_end: '2026-03-07',
        weeks_ago: 0,
        assigned: 4,
        done: 1,
        engagement: 25,
        pain: null,
        steps: null,
        data_days: 1,
      },
    ]);
    // Each trend week agrees with the week view of the same week.
    for (const week of trend.weeks) {
      const { summary } = await weekOf(patientId, week.weeks_ago);
      expect([week.engagement, week.pain, week.data_days]).toEqual([
        summary.engagement,
        summary.metrics.painlevel,
        summary.data_days,
      ]);
    }
    expect(await auditRows(db(), 'progress_trend.read', patientId)).toMatchObject([
      {
        outcome: 'success',
        actorUserId: home.therapist.id,
        clinicId: home.clinic.id,
        detail: { from: '2026-02-08', to: '2026-03-07' },
      },
    ]);
  });

  it('covers the latest episode only, up to its end, and never more than 26 weeks', async () => {
    // Discharged on Wednesday 4 February after eight months: the 26 weeks up to the week of 1 February.
    const long = await patientWith('2025-05-01T18:00:00Z', [
      { start: '2025-06-01T18:00:00Z', end: '2026-02-04T18:00:00Z' },
    ]);
    const discharged = await trendOf(long);
    expect(discharged.episode).toEqual({ started: '2025-06-01', ended: '2026-02-04' });
    expect(discharged.weeks).toHaveLength(26);
    expect(discharged.weeks[0]).toMatchObject({ week_start: '2025-08-10', weeks_ago: 29 });
    expect(discharged.weeks[25]).toMatchObject({ week_start: '2026-02-01', week_end: '2026-02-07', weeks_ago: 4 });

    // Onboarded again on Wednesday 25 February: the new episode's weeks only.
    await db()
      .insert(patientEpisodes)
      .values({
        patientId: long,
        clinicId: home.clinic.id,
        diagnosis: 'M54.50',
        therapistId: home.therapist.id,
        startedAt: new Date('2026-02-25T18:00:00Z'),
      });
    const again = await trendOf(long);
    expect(again.episode).toEqual({ started: '2026-02-25', ended: null });
    expect(again.weeks.map((w: { week_start: string }) => w.week_start)).toEqual(['2026-02-22', '2026-03-01']);
  });

  it('begins at the registration before any episode, with the current week at least', async () => {
    const registered = await patientWith('2026-02-20T18:00:00Z');
    const trend = await trendOf(registered);
    expect(trend).toMatchObject({ episode: null, registered: '2026-02-20' });
    expect(trend.weeks.map((w: { week_start: string }) => w.week_start)).toEqual([
      '2026-02-15',
      '2026-02-22',
      '2026-03-01',
    ]);
    expect(trend.weeks[0]).toMatchObject({ assigned: 0, engagement: null, data_days: 0 });

    const today = await patientWith('2026-03-02T14:00:00Z');
    expect((await trendOf(today)).weeks.map((w: { week_start: string }) => w.week_start)).toEqual(['2026-03-01']);
  });

  it("is for staff of the patient's clinic only", async () => {
    const patientId = await patientWith('2026-02-01T18:00:00Z');
    const path = pathOf(progressTrendEndpoints.progressTrend, { patientId });
    expectProblem(await call.get(path, away.therapist.token), 404);
    expect(await auditRows(db(), 'progress_trend.read')).toContainEqual(
      expect.objectContaining({ outcome: 'denied', actorUserId: away.therapist.id }),
    );
    expectProblem(
      await call.get(pathOf(progressTrendEndpoints.progressTrend, { patientId: 999_999 }), home.therapist.token),
      404,
    );
    expectProblem(await call.get('/user/therapist/dashboard/progress/x/trend', home.therapist.token), 400);
    const patient = await sessionForPatient(t, patientId);
    expectProblem(await call.get(path, patient.token), 403);
    expectProblem(await call.get(path), 401);
    // The patient's own progress stays the week view's.
    expect((await call.get(patientProgramEndpoints.progress.path, patient.token)).statusCode).toBe(200);
  });
});
