import { rm } from 'node:fs/promises';
import { type MeasureKey, measureByDatatypeId, scoreMeasure } from '@rehabit/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinics,
  exerciseLogs,
  functionalEntries,
  functionalMeasures,
  healthMetrics,
  hepItems,
  interactionLogs,
  measureAssignments,
  monitoringSessions,
  patients,
  users,
  videos,
} from '../src/db/schema.ts';
import { addDays, localDateOf } from '../src/lib/calendar.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { phoneAccountEmail } from '../src/modules/patient-app/patient-signin.service.ts';
import { demoVideoOptions, seedDemo } from '../src/seed/demo.ts';
import { exerciseHistory, type HistoryPlan } from '../src/seed/demo-history.ts';
import { regionExercises, regionOf } from '../src/seed/demo-program-plans.ts';
import { DEMO_PATIENT_EMAIL } from '../src/seed/demo-programs.ts';
import { seededRandom } from '../src/seed/demo-random.ts';
import { bearer, createTestApp, type TestApp, testConfig } from './helpers.ts';
import { verifyPhone } from './patient-app-support.ts';
import { tempDir } from './videos-support.ts';

let t: TestApp;
/** The test clock's time: the history ends where the app's today is. */
const now = new Date('2026-03-02T15:00:00Z');
const db = () => t.database.db;

const storage = tempDir();
const seed = () =>
  seedDemo(db(), {
    restrictedCode: 'X5218',
    // Without ffmpeg the bundled clip is written for each exercise: the library exists without rendering.
    videos: demoVideoOptions(testConfig({ DATA_DIR: storage, FFMPEG_PATH: '/nonexistent/ffmpeg' })),
    now,
  });

beforeAll(async () => {
  t = await createTestApp();
  expect(t.clock.now()).toEqual(now);
  expect(await seed()).toBe(true);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(storage, { recursive: true, force: true });
});

const tables = {
  hepItems,
  exerciseLogs,
  healthMetrics,
  functionalMeasures,
  functionalEntries,
  monitoringSessions,
  interactionLogs,
};
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(table);
        return [name, row!.n] as const;
      }),
    ),
  );

async function demoClinic(code: string) {
  const [clinic] = await db().select().from(clinics).where(eq(clinics.code, code));
  return clinic!;
}

async function theDemoPatient() {
  const [row] = await db()
    .select({ patient: patients, user: users })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(users.email, DEMO_PATIENT_EMAIL));
  return row!;
}

describe('demo programs and their history', () => {
  it('are created once: a second seed changes nothing', async () => {
    const before = await counts();
    expect(before.hepItems).toBeGreaterThan(100);
    expect(before.exerciseLogs).toBeGreaterThan(1000);
    expect(before.monitoringSessions).toBeGreaterThan(100);
    expect(await seed()).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('gives every onboarded DEMO01 patient 4 to 8 exercises that fit the diagnosis', async () => {
    const clinic = await demoClinic('DEMO01');
    const onboarded = await db()
      .select({ id: patients.id, diagnosis: patients.diagnosis })
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.id), eq(patients.status, 'onboarded')));
    expect(onboarded.length).toBeGreaterThan(20);
    const items = await db()
      .select({ patientId: hepItems.patientId, title: videos.title, folderName: hepItems.folderName })
      .from(hepItems)
      .innerJoin(videos, eq(videos.id, hepItems.videoId))
      .where(and(eq(hepItems.clinicId, clinic.id), isNull(hepItems.deletedAt)));
    for (const patient of onboarded) {
      const titles = items.filter((i) => i.patientId === patient.id).map((i) => i.title);
      expect(titles.length, `patient ${patient.id}`).toBeGreaterThanOrEqual(4);
      expect(titles.length, `patient ${patient.id}`).toBeLessThanOrEqual(8);
      const region = regionExercises[regionOf(patient.diagnosis!)];
      expect(titles.filter((title) => region.includes(title)).length, `${patient.diagnosis}: ${titles}`).toBe(
        titles.length,
      );
    }
    expect(items.some((i) => i.folderName === 'Post-op knee')).toBe(true);
  });

  it('shows an engaged patient exercising on most of the last 90 days with pain going down', async () => {
    const { patient, user } = await theDemoPatient();
    expect(patient.status).toBe('onboarded');
    const clinic = await demoClinic('DEMO01');
    const today = localDateOf(now, clinic.timezone);
    const since = addDays(today, -89);
    const logs = await db()
      .select({ localDate: exerciseLogs.localDate })
      .from(exerciseLogs)
      .where(eq(exerciseLogs.patientId, patient.id));
    const days = new Set(logs.map((l) => l.localDate).filter((d) => d >= since));
    expect(days.size).toBeGreaterThanOrEqual(60);

    const pain = await db()
      .select({ value: healthMetrics.value, localDate: healthMetrics.localDate })
      .from(healthMetrics)
      .where(and(eq(healthMetrics.patientId, patient.id), eq(healthMetrics.kind, 'painlevel')))
      .orderBy(asc(healthMetrics.measuredAt));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const first = pain.filter((p) => p.localDate < addDays(since, 30)).map((p) => p.value);
    const last = pain.filter((p) => p.localDate > addDays(today, -30)).map((p) => p.value);
    expect(first.length).toBeGreaterThan(5);
    expect(last.length).toBeGreaterThan(5);
    expect(mean(first) - mean(last)).toBeGreaterThan(1);

    const steps = await db()
      .select({ localDate: healthMetrics.localDate })
      .from(healthMetrics)
      .where(and(eq(healthMetrics.patientId, patient.id), eq(healthMetrics.kind, 'steps')));
    expect(new Set(steps.map((s) => s.localDate)).size).toBe(steps.length);
    expect(steps.length).toBeGreaterThan(70);

    expect(user).toMatchObject({ role: 'patient', approvalStatus: 'approved', clinicId: clinic.id });
    expect(await verifyPassword(user.passwordHash, 'rehabit-demo-1')).toBe(true);
  });

  it("lets the demo patient sign in by e-mail and see today's exercises", async () => {
    const { patient } = await theDemoPatient();
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/patient/signin/',
      payload: { email: DEMO_PATIENT_EMAIL, password: 'rehabit-demo-1' },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const token = signin.json().token as string;
    const me = await t.app.inject({ url: '/api/v1/patient/me/', headers: bearer(token) });
    expect(me.json()).toMatchObject({ id: patient.id, first_name: patient.firstName, status: 'onboarded' });
    const today = await t.app.inject({ url: '/api/v1/patient/program/today/', headers: bearer(token) });
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json().date).toBe('2026-03-02');
    expect(today.json().items.length).toBeGreaterThanOrEqual(4);
  });

  it('shows the demo therapist the program, a full progress week and the outcome series of the demo patient', async () => {
    const { patient } = await theDemoPatient();
    const signin = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: 'therapist@example.com', password: 'rehabit-demo-1' },
    });
    const headers = bearer(signin.json().token);
    const program = (await t.app.inject({ url: `/video/hep/therapist/${patient.id}`, headers })).json();
    expect(program.count).toBeGreaterThanOrEqual(4);
    expect(program.results.map((item: { order: number }) => item.order)).toEqual([...program.results.keys()]);

    const progress = await t.app.inject({
      url: `/user/therapist/dashboard/progress/${patient.id}?weeks_ago=1`,
      headers,
    });
    expect(progress.statusCode, progress.body).toBe(200);
    const week = progress.json();
    expect(week.summary.data_days).toBeGreaterThanOrEqual(5);
    expect(week.summary.engagement).toBeGreaterThan(40);
    expect(week.summary.metrics.steps).toBeGreaterThan(10_000);
    expect(week.summary.metrics.painlevel).toBeLessThan(5);

    const functional = (
      await t.app.inject({ url: `/user/therapist/dashboard/functional-data/${patient.id}`, headers })
    ).json();
    const keys = functional.results.map((series: { key: string }) => series.key);
    expect(keys).toEqual(expect.arrayContaining(['nprs', 'lefs', 'psfs', 'rom']));
  });

  it('gives a second patient the phone-only account a phone code signs in to', async () => {
    const accounts = await db()
      .select({ user: users, patient: patients })
      .from(users)
      .innerJoin(patients, eq(patients.userId, users.id))
      .where(eq(users.role, 'patient'));
    expect(accounts).toHaveLength(2);
    const phoneOnly = accounts.find((a) => a.user.email !== DEMO_PATIENT_EMAIL)!;
    expect(phoneOnly.user).toMatchObject({
      approvalStatus: 'approved',
      email: phoneAccountEmail(phoneOnly.patient.id),
    });
    expect(await verifyPassword(phoneOnly.user.passwordHash, 'rehabit-demo-1')).toBe(false);

    const verified = await verifyPhone(t.app, db(), `${phoneOnly.patient.dialCode}${phoneOnly.patient.phone}`);
    expect(verified.statusCode, verified.body).toBe(200);
    const me = await t.app.inject({ url: '/api/v1/patient/me/', headers: bearer(verified.json().token) });
    expect(me.json()).toMatchObject({ id: phoneOnly.patient.id, user_id: phoneOnly.user.id });
  });

  it('scores every outcome entry as the contract does, improving from the first entry to the last', async () => {
    const entries = await db()
      .select({
        measureId: functionalEntries.measureId,
        datatypeId: functionalMeasures.datatypeId,
        answers: functionalEntries.answers,
        score: functionalEntries.score,
        scoringVersion: functionalEntries.scoringVersion,
        date: functionalEntries.date,
        createdBy: functionalEntries.createdBy,
        therapistId: patients.therapistId,
        enteredBy: functionalEntries.enteredBy,
        userId: patients.userId,
      })
      .from(functionalEntries)
      .innerJoin(functionalMeasures, eq(functionalMeasures.id, functionalEntries.measureId))
      .innerJoin(patients, eq(patients.id, functionalEntries.patientId))
      .orderBy(asc(functionalEntries.measureId), asc(functionalEntries.date));
    expect(entries.length).toBeGreaterThan(100);
    const kinds = new Set<MeasureKey>();
    for (const entry of entries) {
      const measure = measureByDatatypeId(entry.datatypeId)!;
      kinds.add(measure.key);
      const scored = scoreMeasure(measure.key, entry.answers);
      expect(scored).toMatchObject({ ok: true, scoringVersion: entry.scoringVersion });
      expect(entry.score).toBeCloseTo(scored.ok ? scored.score : Number.NaN, 4);
      // Staff enter theirs; the patient's own check-ins (decision 1360) are their account's, when they have one.
      expect(entry.createdBy).toBe(entry.enteredBy === 'patient' ? entry.userId : entry.therapistId);
    }
    expect([...kinds].sort()).toEqual(['lefs', 'ndi', 'nprs', 'odi', 'psfs', 'quickdash', 'rom', 'tug']);

    const { patient } = await theDemoPatient();
    const lefs = entries.filter((e) => e.datatypeId === 3 && e.answers.length === 20);
    const own = await db()
      .select({ id: functionalMeasures.id })
      .from(functionalMeasures)
      .where(and(eq(functionalMeasures.patientId, patient.id), eq(functionalMeasures.datatypeId, 3)));
    const series = lefs.filter((e) => e.measureId === own[0]!.id);
    expect(series.length).toBeGreaterThanOrEqual(4);
    expect(series.at(-1)!.score - series[0]!.score).toBeGreaterThan(15);
  });

  it('asks some patients to fill in NPRS or PSFS, and has the check-ins they filled in as their own entries', async () => {
    const assignments = await db().select().from(measureAssignments);
    const kinds = new Set(assignments.map((a) => `${a.measure}:${a.repeatWeeks ?? 'once'}`));
    expect([...kinds].sort()).toEqual(['nprs:2', 'psfs:4', 'psfs:once']);
    const own = await db().select().from(functionalEntries).where(eq(functionalEntries.enteredBy, 'patient'));
    expect(own.length).toBeGreaterThan(10);
    const byId = new Map(assignments.map((a) => [a.id, a]));
    for (const entry of own) {
      const assignment = byId.get(entry.assignmentId!)!;
      expect(assignment.patientId).toBe(entry.patientId);
      expect(entry.date <= assignment.lastFilledOn!).toBe(true);
      expect(assignment.nextDueOn! > assignment.lastFilledOn!).toBe(true);
    }
    // The patients who sign in start with a clean Today: none of them is asked yet.
    const { patient } = await theDemoPatient();
    expect(assignments.filter((a) => a.patientId === patient.id)).toEqual([]);
  });

  it('has nothing in the future, no log before its exercise was assigned, and days in the clinic timezone', async () => {
    const timezones = new Map((await db().select().from(clinics)).map((c) => [c.id, c.timezone]));
    const logs = await db()
      .select({
        clinicId: exerciseLogs.clinicId,
        performedAt: exerciseLogs.performedAt,
        localDate: exerciseLogs.localDate,
        assignedAt: hepItems.createdAt,
        itemPatient: hepItems.patientId,
        patientId: exerciseLogs.patientId,
      })
      .from(exerciseLogs)
      .innerJoin(hepItems, eq(hepItems.id, exerciseLogs.hepItemId));
    for (const log of logs) {
      if (log.performedAt > now || log.performedAt < log.assignedAt || log.itemPatient !== log.patientId) {
        throw new Error(`log out of place: ${JSON.stringify(log)}`);
      }
      if (log.localDate !== localDateOf(log.performedAt, timezones.get(log.clinicId)!)) {
        throw new Error(`log on the wrong day: ${JSON.stringify(log)}`);
      }
    }
    const readings = await db().select().from(healthMetrics);
    // Pain given with a log is a reading too, at the log's time.
    const painTimes = new Set(
      readings.filter((r) => r.kind === 'painlevel').map((r) => `${r.patientId}@${+r.measuredAt}`),
    );
    const painLogs = await db().select().from(exerciseLogs).where(isNotNull(exerciseLogs.pain));
    expect(painLogs.length).toBeGreaterThan(100);
    expect(painLogs.filter((l) => !painTimes.has(`${l.patientId}@${+l.performedAt}`))).toEqual([]);
    expect(readings.every((r) => r.measuredAt <= now)).toBe(true);
    expect(readings.every((r) => r.localDate === localDateOf(r.measuredAt, timezones.get(r.clinicId)!))).toBe(true);
    expect(new Set(readings.map((r) => r.source))).toEqual(new Set(['manual', 'apple_health', 'health_connect']));
    const entries = await db().select().from(functionalEntries);
    expect(entries.every((e) => e.createdAt <= now)).toBe(true);
  });

  it('leaves removed and registered patients without programs or data, and gives OTHER1 patients their own', async () => {
    const untouched = await db()
      .select({ id: patients.id })
      .from(patients)
      .where(inArray(patients.status, ['removed', 'registered']));
    const ids = untouched.map((p) => p.id);
    expect(ids.length).toBeGreaterThan(5);
    for (const table of Object.values(tables)) {
      const rows = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(inArray(table.patientId, ids));
      expect(rows[0]!.n).toBe(0);
    }
    const other = await demoClinic('OTHER1');
    const theirs = await db()
      .select({ clinicId: patients.clinicId })
      .from(hepItems)
      .innerJoin(patients, eq(patients.id, hepItems.patientId))
      .where(eq(hepItems.clinicId, other.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.clinicId === other.id)).toBe(true);
  });
});

describe('demo exercise history', () => {
  const plan: HistoryPlan = {
    timezone: 'America/Chicago',
    now,
    startDay: '2025-11-20',
    firstDay: '2025-12-03',
    lastDay: '2026-03-02',
    adherence: 'lapsed',
    pain: { start: 7, end: 2, span: 102 },
    steps: { source: 'health_connect', base: 5000 },
    items: [
      {
        dosage: { sets: 2, reps: 10, holdSeconds: 0, timesPerDay: 2, daysPerWeek: 7, description: '' },
        addedOn: '2025-11-20',
      },
    ],
  };

  it('is the same for the same seed', () => {
    expect(exerciseHistory(plan, seededRandom(5))).toEqual(exerciseHistory(plan, seededRandom(5)));
  });

  it('lets a lapsed patient stop exercising and rating pain in the last week', () => {
    const { logs, readings } = exerciseHistory(plan, seededRandom(5));
    const lastWeek = addDays(plan.lastDay, -7);
    expect(logs.filter((l) => l.localDate < lastWeek).length).toBeGreaterThan(50);
    expect(logs.filter((l) => l.localDate >= lastWeek)).toEqual([]);
    expect(readings.filter((r) => r.kind === 'painlevel' && r.localDate >= lastWeek)).toEqual([]);
  });
});
