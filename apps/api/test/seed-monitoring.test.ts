import { rm } from 'node:fs/promises';
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinics,
  exerciseLogs,
  healthMetrics,
  interactionLogs,
  monitoringSessions,
  patientEpisodes,
  patients,
  users,
} from '../src/db/schema.ts';
import { crossClinic } from '../src/db/scope.ts';
import { addDays, localDateOf } from '../src/lib/calendar.ts';
import { createBillingMonth } from '../src/modules/billing/billing-month.ts';
import { billingWorkbook } from '../src/modules/billing/billing-workbook.ts';
import { dataFor } from '../src/modules/data-access.ts';
import { createMonthlyMinutes, type PatientMonthlyMinutes } from '../src/modules/monitoring/monthly-minutes.ts';
import { demoVideoOptions, seedDemo } from '../src/seed/demo.ts';
import { type MonitoredPatient, planMonitoring } from '../src/seed/demo-monitoring.ts';
import { atLocalTime, seededRandom } from '../src/seed/demo-random.ts';
import { sheetRows, tableAfter } from './billing-files-support.ts';
import { type RecomputedCode, recomputeBilling } from './billing-recomputed.ts';
import { createTestApp, type TestApp, testConfig } from './helpers.ts';
import { tempDir } from './videos-support.ts';

let t: TestApp;
/** A Thursday late in March, 10:00 at the demo clinic: today's month is well under way. */
const now = new Date('2026-03-19T15:00:00Z');
const db = () => t.database.db;
const storage = tempDir();

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advanceMinutes((now.getTime() - t.clock.now().getTime()) / 60_000);
  expect(t.clock.now()).toEqual(now);
  const videos = demoVideoOptions(testConfig({ DATA_DIR: storage, FFMPEG_PATH: '/nonexistent/ffmpeg' }));
  expect(await seedDemo(db(), { restrictedCode: 'X5218', videos, now })).toBe(true);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(storage, { recursive: true, force: true });
});

async function demoClinic() {
  const [clinic] = await db().select().from(clinics).where(eq(clinics.code, 'DEMO01'));
  return clinic!;
}

const sessionsWithStaff = () =>
  db()
    .select({ session: monitoringSessions, role: users.role, staffClinicId: users.clinicId })
    .from(monitoringSessions)
    .innerJoin(users, eq(users.id, monitoringSessions.userId))
    .orderBy(asc(monitoringSessions.userId), asc(monitoringSessions.startedAt));

/** Whether the patient had an episode (onboarded) covering the whole span. */
async function onboardedThrough(patientId: number, from: Date, to: Date) {
  const episodes = await db()
    .select({ id: patientEpisodes.id })
    .from(patientEpisodes)
    .where(
      and(
        eq(patientEpisodes.patientId, patientId),
        lte(patientEpisodes.startedAt, from),
        or(isNull(patientEpisodes.endedAt), gte(patientEpisodes.endedAt, to)),
      ),
    );
  return episodes.length > 0;
}

describe('demo monitoring sessions', () => {
  it('are ended, counted within their wall-clock span, a few minutes each, never after now', async () => {
    const rows = await sessionsWithStaff();
    expect(rows.length).toBeGreaterThan(300);
    for (const { session } of rows) {
      const span = (session.endedAt!.getTime() - session.startedAt.getTime()) / 1000;
      const ok =
        session.endedAt !== null &&
        session.endReason !== null &&
        session.lastBeatAt.getTime() === session.endedAt.getTime() &&
        session.seconds <= span &&
        session.seconds >= 45 &&
        session.seconds <= 12 * 60 &&
        session.endedAt <= now &&
        session.context !== null;
      if (!ok) throw new Error(`session out of place: ${JSON.stringify(session)}`);
    }
    const reasons = new Set(rows.map((r) => r.session.endReason));
    expect([...reasons].sort()).toEqual(['hidden_inactive', 'idle', 'left', 'sleep', 'stale']);
    const dashboard = rows.filter((r) => r.session.context === 'MONITORING_CODE_PATIENT_DASHBOARD').length;
    expect(dashboard / rows.length).toBeGreaterThan(0.6);
    expect(rows.some((r) => r.session.context === 'MONITORING_CODE_DESKTOP_CHAT')).toBe(true);
  });

  it('time therapists and supervisors of the clinic only, never an office manager', async () => {
    const rows = await sessionsWithStaff();
    const clinic = await demoClinic();
    const [manager] = await db().select().from(users).where(eq(users.email, 'manager@example.com'));
    expect(manager!.clinicId).toBe(clinic.id);
    expect(rows.filter((r) => r.role === 'manager')).toEqual([]);
    expect(rows.every((r) => ['therapist', 'supervisor'].includes(r.role))).toBe(true);
    expect(rows.every((r) => r.staffClinicId === r.session.clinicId)).toBe(true);
    // Mostly the treating therapist; now and then the supervisor covers.
    expect(rows.some((r) => r.role === 'supervisor' && r.session.clinicId === clinic.id)).toBe(true);
    const byStaff = await createMonthlyMinutes(dataFor(db(), crossClinic('scheduled job'))).minutesByStaff({
      clinicId: clinic.id,
      month: '2026-02',
    });
    expect(byStaff.some((row) => row.userId === manager!.id)).toBe(false);
  });

  it('never overlap for one user, calls included', async () => {
    const rows = await sessionsWithStaff();
    const calls = await db().select().from(interactionLogs);
    const spans = [
      ...rows.map(({ session }) => ({ userId: session.userId, from: session.startedAt, to: session.endedAt! })),
      ...calls.map((call) => ({
        userId: call.createdBy!,
        from: new Date(call.createdAt.getTime() - call.minutes * 60_000),
        to: call.createdAt,
      })),
    ].sort((a, b) => a.userId - b.userId || a.from.getTime() - b.from.getTime());
    const overlaps = spans.filter(
      (span, i) => i > 0 && spans[i - 1]!.userId === span.userId && spans[i - 1]!.to > span.from,
    );
    expect(overlaps).toEqual([]);
  });

  it('fall while the patient was onboarded, on working hours, after data the patient sent', async () => {
    const clinic = await demoClinic();
    const rows = await db().select().from(monitoringSessions).where(eq(monitoringSessions.clinicId, clinic.id));
    const dataDays = new Map<number, Date[]>();
    const logs = await db()
      .select({ patientId: exerciseLogs.patientId, at: exerciseLogs.performedAt })
      .from(exerciseLogs)
      .where(eq(exerciseLogs.clinicId, clinic.id));
    const ratings = await db()
      .select({ patientId: healthMetrics.patientId, at: healthMetrics.measuredAt })
      .from(healthMetrics)
      .where(and(eq(healthMetrics.clinicId, clinic.id), eq(healthMetrics.kind, 'painlevel')));
    for (const { patientId, at } of [...logs, ...ratings])
      dataDays.set(patientId, [...(dataDays.get(patientId) ?? []), at]);
    for (const session of rows) {
      expect(
        await onboardedThrough(session.patientId, session.startedAt, session.endedAt!),
        `session ${session.id}`,
      ).toBe(true);
      const day = localDateOf(session.startedAt, clinic.timezone);
      const minute = (session.startedAt.getTime() - atLocalTime(day, 0, clinic.timezone).getTime()) / 60_000;
      expect(minute, `session ${session.id} starts at ${session.startedAt.toISOString()}`).toBeGreaterThanOrEqual(
        8 * 60,
      );
      expect(localDateOf(session.endedAt!, clinic.timezone)).toBe(day);
      expect(minute).toBeLessThan(18 * 60);
      // The data reviewed came in before the session: the same day or within the three days before.
      const since = atLocalTime(addDays(day, -3), 0, clinic.timezone);
      const sent = (dataDays.get(session.patientId) ?? []).some((at) => at >= since && at < session.startedAt);
      expect(sent, `session ${session.id} of patient ${session.patientId} on ${day}`).toBe(true);
    }
    const calls = await db()
      .select()
      .from(interactionLogs)
      .innerJoin(patients, eq(patients.id, interactionLogs.patientId))
      .where(eq(interactionLogs.clinicId, clinic.id));
    expect(calls.length).toBeGreaterThan(40);
    for (const { interaction_logs: call, patients: patient } of calls) {
      expect(['onboarded', 'discharged']).toContain(patient.status);
      expect(call.createdAt <= now && call.date === localDateOf(call.createdAt, clinic.timezone)).toBe(true);
      const started = new Date(call.createdAt.getTime() - call.minutes * 60_000);
      expect(await onboardedThrough(call.patientId, started, call.createdAt), `call ${call.id}`).toBe(true);
    }
  });
});

describe("the demo clinic's monthly minutes", () => {
  const minutesOf = async (month: string) =>
    createMonthlyMinutes(dataFor(db(), crossClinic('scheduled job'))).minutesOfClinic({
      clinicId: (await demoClinic()).id,
      month,
    });
  const count = (rows: PatientMonthlyMinutes[], test: (row: PatientMonthlyMinutes) => boolean) =>
    rows.filter(test).length;
  const median = (rows: PatientMonthlyMinutes[]) =>
    rows.map((r) => r.totalMinutes).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;

  it.each(['2026-01', '2026-02', '2026-03'])(
    'show in %s patients billing 98980 with a live call, some without a call, some between 10 and 19',
    async (month) => {
      const rows = await minutesOf(month);
      expect(rows.length).toBeGreaterThan(20);
      expect(count(rows, (r) => r.totalMinutes >= 20 && r.hasLiveCall)).toBeGreaterThanOrEqual(3);
      expect(count(rows, (r) => r.totalMinutes > 0 && !r.hasLiveCall)).toBeGreaterThanOrEqual(3);
      expect(count(rows, (r) => r.totalMinutes >= 20 && !r.hasLiveCall)).toBeGreaterThanOrEqual(1);
      expect(count(rows, (r) => r.totalMinutes >= 10 && r.totalMinutes < 20)).toBeGreaterThanOrEqual(3);
      expect(count(rows, (r) => r.totalMinutes >= 10 && r.totalMinutes < 20 && r.hasLiveCall)).toBeGreaterThanOrEqual(
        1,
      );
      expect(count(rows, (r) => r.totalMinutes < 10)).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(['2026-01', '2026-02'])('show in the whole month %s some patients past 40 minutes (98981)', async (month) => {
    const rows = await minutesOf(month);
    expect(count(rows, (r) => r.totalMinutes >= 40 && r.hasLiveCall)).toBeGreaterThanOrEqual(1);
    expect(count(rows, (r) => r.totalMinutes >= 20 && r.totalMinutes < 40)).toBeGreaterThan(
      count(rows, (r) => r.totalMinutes >= 40),
    );
  });

  it("show today's month partial: fewer minutes than last month so far, some patients close to 20", async () => {
    const [february, march] = [await minutesOf('2026-02'), await minutesOf('2026-03')];
    expect(median(march)).toBeLessThan(median(february));
    expect(Math.max(...march.map((r) => r.totalMinutes))).toBeLessThan(
      Math.max(...february.map((r) => r.totalMinutes)),
    );
    expect(count(march, (r) => r.totalMinutes >= 15 && r.totalMinutes < 20)).toBeGreaterThanOrEqual(2);
    // Nothing is counted ahead of today.
    expect(await minutesOf('2026-04')).toEqual([]);
  });
});

describe("the demo clinic's billing history", () => {
  const months = Array.from(
    { length: 15 },
    (_, i) => `${2025 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
  );

  /** The codes of the month's billing file as the billing module writes it, read back from the XLSX. */
  async function fileCodes(month: string): Promise<RecomputedCode[]> {
    const billingMonth = await createBillingMonth(dataFor(db(), crossClinic('scheduled job')), t.clock).monthOfClinic({
      clinicId: (await demoClinic()).id,
      month,
    });
    const rows = await sheetRows(await billingWorkbook(billingMonth, { isDemo: true, generatedAt: now }));
    return tableAfter(rows, 'Patient name')
      .map((row) => ({
        patientId: Number(row[2]),
        code: String(row[4]),
        units: Number(row[5]),
        dateOfService: String(row[7]),
        dataDays: (row[10] ?? null) as number | null,
        minutes: (row[11] ?? null) as number | null,
      }))
      .sort((a, b) => a.patientId - b.patientId || a.code.localeCompare(b.code));
  }

  it('matches, month by month since 2025-01, a recomputation from the data patients sent', async () => {
    const all: RecomputedCode[] = [];
    for (const month of months) {
      const recomputed = await recomputeBilling(db(), 'DEMO01', month);
      expect(await fileCodes(month), month).toEqual(recomputed);
      all.push(...recomputed);
    }
    // Realistic: set-up and both supply codes, patients short of 16 data days and past them, management time.
    const codes = (code: string) => all.filter((c) => c.code === code);
    expect(codes('98975').length).toBeGreaterThanOrEqual(3);
    expect(codes('98977').length).toBeGreaterThanOrEqual(3);
    expect(codes('98985').length).toBeGreaterThanOrEqual(3);
    expect(codes('98980').length).toBeGreaterThanOrEqual(3);
  });
});

describe('demo monitoring plan', () => {
  const day = (d: string, minute: number) => atLocalTime(d, minute, 'America/Chicago');
  const patient = (id: number, therapistId: number, days: string[]): MonitoredPatient => ({
    id,
    therapistId,
    startedAt: day('2026-01-05', 9 * 60),
    endedAt: null,
    activity: new Map(days.map((d) => [d, day(d, 7 * 60 + 30)])),
  });
  const everyDay = Array.from({ length: 60 }, (_, i) => addDays('2026-01-06', i));
  const input = {
    clinicId: 1,
    timezone: 'America/Chicago',
    now,
    staffIds: [10, 11, 12],
    patients: [
      patient(1, 10, everyDay),
      patient(
        2,
        11,
        everyDay.filter((_, i) => i % 2 === 0),
      ),
      patient(
        3,
        10,
        everyDay.filter((_, i) => i % 5 === 0),
      ),
    ],
  };

  it('is the same for the same seed and now', () => {
    expect(planMonitoring(input, seededRandom(3))).toEqual(planMonitoring(input, seededRandom(3)));
  });

  it('times no staff member outside those given, and nobody without data', () => {
    const plan = planMonitoring({ ...input, staffIds: [11] }, seededRandom(3));
    expect(new Set(plan.sessions.map((s) => s.userId))).toEqual(new Set([11]));
    expect(planMonitoring({ ...input, staffIds: [] }, seededRandom(3))).toEqual({ sessions: [], calls: [] });
    const withoutData = planMonitoring({ ...input, patients: [patient(4, 10, [])] }, seededRandom(3));
    expect(withoutData).toEqual({ sessions: [], calls: [] });
  });
});
