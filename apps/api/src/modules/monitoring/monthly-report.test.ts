import { monitoringEndpoints, pathOf, patientEndpoints } from '@rehabit/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.ts';
import { expectProblem, type TestApp } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { type MonitoredClinics, monitoredClinics } from '../../../test/monitoring-support.ts';
import type { ApiClient, StaffedClinic } from '../../../test/patients-support.ts';
import { auditEvents, interactionLogs, patients, users } from '../../db/schema.ts';
import { crossClinic } from '../../db/scope.ts';
import { localDateTimeOf } from '../../lib/calendar.ts';
import { dataFor } from '../data-access.ts';
import { createMonthlyMinutes } from './monthly-minutes.ts';

let t: TestApp;
let home: StaffedClinic;
let away: StaffedClinic;
let call: ApiClient;
let minutes: MonitoredClinics['minutes'];
let patientOf: MonitoredClinics['onboarded'];
let session: MonitoredClinics['session'];
let pastCall: MonitoredClinics['pastCall'];
let logCall: MonitoredClinics['logCall'];

beforeAll(async () => {
  ({ t, call, home, away, onboarded: patientOf, session, logCall, pastCall } = await monitoredClinics());
  // Read through a data access, here the jobs' cross-clinic one: each month is read in its own clinic.
  minutes = createMonthlyMinutes(dataFor(t.database.db, crossClinic('scheduled job')));
});
afterAll(() => t.close());

const readUrl = (id: number, query = '') => `${pathOf(monitoringEndpoints.month, { id })}${query}`;
const exportUrl = (id: number, query = '') => `${pathOf(monitoringEndpoints.exportPatient, { id })}${query}`;
const clinicExportUrl = (query = '') => `${monitoringEndpoints.exportClinic.path}${query}`;

type CsvRow = Record<string, string>;

function csvOf(res: LightMyRequestResponse): CsvRow[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return parse(res.body, { bom: true, columns: true });
}

const entryRows = (rows: CsvRow[]) => rows.filter((row) => !row.Kind!.startsWith('Total'));
const totalOf = (rows: CsvRow[], label: string) => Number(rows.find((row) => row.Kind === label)?.Total);

/** What the CSV's rows add up to, next to the totals it states. */
function sumsOf(rows: CsvRow[]) {
  const entries = entryRows(rows);
  const sessionSeconds = entries
    .filter((row) => row.Kind === 'monitored session')
    .reduce((n, row) => n + Number(row['Seconds counted']), 0);
  const callSeconds = entries
    .filter((row) => row.Kind!.endsWith('call'))
    .reduce((n, row) => n + Number(row['Seconds counted']), 0);
  return {
    summed: {
      monitoredSeconds: sessionSeconds,
      callMinutes: callSeconds / 60,
      totalMinutes: Math.floor((sessionSeconds + callSeconds) / 60),
    },
    stated: {
      monitoredSeconds: totalOf(rows, 'Total monitored seconds'),
      callMinutes: totalOf(rows, 'Total call minutes'),
      totalMinutes: totalOf(rows, 'Total minutes (floored)'),
    },
  };
}

/** A patient with a busy January 2026 in Los Angeles, and rows around it that must not count. */
async function busyJanuary() {
  const patientId = await patientOf();
  // Its own clinician keeps the session open: one open session per user.
  const nightShift = await makeUser(t.database.db, home.clinic.id, { role: 'therapist' });
  const ids = {
    // 10:00 on 5 January in Los Angeles.
    first: await session(patientId, '2026-01-05T18:00:00Z', 125),
    bySupervisor: await session(patientId, '2026-01-06T18:00:00Z', 50, {
      userId: home.supervisor.id,
      context: 'MONITORING_CODE_DESKTOP_CHAT',
    }),
    // 23:30 on 31 January in Los Angeles: January, though February in UTC; still open.
    open: await session(patientId, '2026-02-01T07:30:00Z', 95, {
      open: true,
      userId: nightShift.id,
      context: 'MONITORING_CODE_MOBILE_CHAT',
    }),
  };
  // 23:00 on 31 December 2025 in Los Angeles: not January.
  await session(patientId, '2026-01-01T07:00:00Z', 600);
  const phone = await pastCall(patientId, { date: '2026-01-07', kind: 'phone', minutes: 3 });
  const video = await pastCall(patientId, { date: '2026-01-20', kind: 'video', minutes: 12 });
  const deleted = await pastCall(patientId, { date: '2026-01-21', kind: 'phone', minutes: 30 });
  const removed = await call.post(pathOf(patientEndpoints.deleteInteraction, { id: patientId }), home.therapist.token, {
    log: deleted,
  });
  expect(removed.statusCode, removed.body).toBe(204);
  // Another clinic's rows naming this patient are that clinic's.
  await session(patientId, '2026-01-08T18:00:00Z', 900, { clinic: away });
  // Written straight: the repository refuses a call of another clinic about this patient (decision 1340).
  await t.database.db.insert(interactionLogs).values({
    clinicId: away.clinic.id,
    patientId,
    date: '2026-01-08',
    startedAt: new Date('2026-01-08T15:00:00Z'),
    kind: 'phone',
    minutes: 20,
    createdBy: away.therapist.id,
  });
  return { patientId, nightShift, ...ids, phone, video };
}

describe('the CSV total equals the reported minutes', () => {
  it('for one patient’s month: the rows add up to the totals the read and the monthly minutes report', async () => {
    const { patientId } = await busyJanuary();
    const reported = await minutes.minutesOfPatient({ clinicId: home.clinic.id, patientId, month: '2026-01' });
    // 125 + 50 + 95 = 270 s, and 15 call minutes: 270 + 900 = 1170 s, 19 whole minutes.
    expect(reported).toEqual({ monitoredSeconds: 270, callMinutes: 15, totalMinutes: 19, hasLiveCall: true });

    const read = await call.get(readUrl(patientId, '?month=2026-01'), home.therapist.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      month: '2026-01',
      timezone: 'America/Los_Angeles',
      monitored_seconds: reported.monitoredSeconds,
      call_minutes: reported.callMinutes,
      total_minutes: reported.totalMinutes,
      has_live_call: true,
      count: 5,
    });

    const rows = csvOf(await call.get(exportUrl(patientId, '?month=2026-01'), home.therapist.token));
    const { summed, stated } = sumsOf(rows);
    const expected = { monitoredSeconds: 270, callMinutes: 15, totalMinutes: 19 };
    expect(summed).toEqual(expected);
    expect(stated).toEqual(expected);
    expect(entryRows(rows)).toHaveLength(5);
  });

  it('for a clinic’s month: each patient’s rows add up to that patient’s minutes', async () => {
    const month = '2026-05';
    const first = await patientOf();
    const second = await patientOf();
    await session(first, '2026-05-03T18:00:00Z', 400);
    await session(first, '2026-05-04T18:00:00Z', 45, { userId: home.supervisor.id });
    await pastCall(first, { date: '2026-05-06', kind: 'phone', minutes: 5 });
    await session(second, '2026-05-03T19:00:00Z', 59);
    await session(await patientOf(away), '2026-05-03T19:00:00Z', 700, { clinic: away });

    const rows = csvOf(await call.get(clinicExportUrl(`?month=${month}`), home.manager.token));
    const reported = await minutes.minutesOfClinic({ clinicId: home.clinic.id, month });
    expect(reported.map((p) => p.patientId).sort()).toEqual([first, second].sort());
    expect(new Set(rows.map((row) => Number(row['Patient ID'])))).toEqual(new Set([first, second]));
    for (const patient of reported) {
      const { summed, stated } = sumsOf(rows.filter((row) => Number(row['Patient ID']) === patient.patientId));
      const { monitoredSeconds, callMinutes, totalMinutes } = patient;
      expect(summed).toEqual({ monitoredSeconds, callMinutes, totalMinutes });
      expect(stated).toEqual({ monitoredSeconds, callMinutes, totalMinutes });
    }
  });
});

describe('reading a patient’s month', () => {
  it('lists the sessions and calls behind the minutes, newest first, a page at a time', async () => {
    const { patientId, nightShift, first, bySupervisor, open, phone, video } = await busyJanuary();
    const page1 = await call.get(readUrl(patientId, '?month=2026-01&page_size=2'), home.therapist.token);
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json()).toMatchObject({ count: 5, next: 2, previous: null });
    expect(page1.json().results).toEqual([
      {
        type: 'session',
        id: open,
        staff: { id: nightShift.id, display_name: expect.stringMatching(/^Jamie Tester\w+$/) },
        started_at: '2026-02-01T07:30:00.000Z',
        ended_at: null,
        seconds: 95,
        context: 'MONITORING_CODE_MOBILE_CHAT',
        end_reason: null,
      },
      {
        type: 'call',
        id: video,
        staff: { id: home.therapist.id, display_name: expect.any(String) },
        date: '2026-01-20',
        kind: 'video',
        minutes: 12,
      },
    ]);
    const page2 = (await call.get(readUrl(patientId, '?month=2026-01&page_size=2&page=2'), home.manager.token)).json();
    expect(page2.results.map((e: { type: string; id: number }) => [e.type, e.id])).toEqual([
      ['call', phone],
      ['session', bySupervisor],
    ]);
    expect(page2.results[1]).toMatchObject({
      staff: { id: home.supervisor.id },
      started_at: '2026-01-06T18:00:00.000Z',
      ended_at: '2026-01-06T18:00:50.000Z',
      seconds: 50,
      context: 'MONITORING_CODE_DESKTOP_CHAT',
      end_reason: 'idle',
    });
    const page3 = (
      await call.get(readUrl(patientId, '?month=2026-01&page_size=2&page=3'), home.supervisor.token)
    ).json();
    expect(page3).toMatchObject({ count: 5, next: null, previous: 2 });
    expect(page3.results.map((e: { id: number }) => e.id)).toEqual([first]);
  });

  it('answers the clinic’s current month by default, empty when nothing happened', async () => {
    const patientId = await patientOf();
    // The test clock: 07:00 on 2 March 2026 in Los Angeles.
    const res = await call.get(readUrl(patientId), home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      month: '2026-03',
      timezone: 'America/Los_Angeles',
      monitored_seconds: 0,
      call_minutes: 0,
      total_minutes: 0,
      has_live_call: false,
      // The running month is never closed: nothing filed yet (decision 1285).
      filed: null,
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('is audited with the patient and the month', async () => {
    const patientId = await patientOf();
    expect((await call.get(readUrl(patientId, '?month=2025-01'), home.manager.token)).statusCode).toBe(200);
    const rows = await auditRows(t.database.db, 'monitoring.read', patientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: home.manager.id, clinicId: home.clinic.id, outcome: 'success' });
    expect(rows[0]!.detail).toMatchObject({ month: '2025-01' });
  });

  it.each([
    ['a month before 2025-01', '?month=2024-12'],
    ['a malformed month', '?month=2026-13'],
    ['a month in another form', '?month=January'],
    ['a page below 1', '?page=0'],
    ['a page too large', '?page_size=1000'],
  ])('refuses %s as bad input (400) and records no read', async (_name, query) => {
    const patientId = await patientOf();
    const problem = expectProblem(await call.get(readUrl(patientId, query), home.therapist.token), 400);
    expect(Object.keys(problem.errors ?? {}).length).toBeGreaterThan(0);
    expect(await auditRows(t.database.db, 'monitoring.read', patientId)).toEqual([]);
  });

  it('does not find another clinic’s patient nor a removed one (404), and audits the refusal', async () => {
    const theirs = await patientOf(away);
    await session(theirs, '2026-01-08T18:00:00Z', 900, { clinic: away });
    expectProblem(await call.get(readUrl(theirs, '?month=2026-01'), home.therapist.token), 404, 'not_found');
    const removed = await patientOf();
    await t.database.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, removed));
    expectProblem(await call.get(readUrl(removed), home.manager.token), 404, 'not_found');
    const denied = (await auditRows(t.database.db, 'monitoring.read')).filter((row) => row.outcome === 'denied');
    expect(denied.map((row) => (row.detail as { patient_id: number }).patient_id)).toEqual(
      expect.arrayContaining([theirs, removed]),
    );
  });

  it('answers 401 to nobody', async () => {
    expectProblem(await call.get(readUrl(1)), 401);
  });
});

describe('the audit CSV of a patient’s month', () => {
  it('lists every session and call in time order in the clinic’s time, then the totals', async () => {
    const { patientId } = await busyJanuary();
    const res = await call.get(exportUrl(patientId, '?month=2026-01'), home.manager.token);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="monitoring-patient-${patientId}-2026-01.csv"`,
    );
    const rows = csvOf(res);
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.id, patientId));
    const name = `${patient!.firstName} ${patient!.lastName}`;
    expect(
      rows.map((row) => [row.Kind, row.Start, row.End, row['Seconds counted'], row.Context, row['End reason']]),
    ).toEqual([
      [
        'monitored session',
        '2026-01-05T10:00:00-08:00',
        '2026-01-05T10:02:05-08:00',
        '125',
        'MONITORING_CODE_PATIENT_DASHBOARD',
        'idle',
      ],
      [
        'monitored session',
        '2026-01-06T10:00:00-08:00',
        '2026-01-06T10:00:50-08:00',
        '50',
        'MONITORING_CODE_DESKTOP_CHAT',
        'idle',
      ],
      ['phone call', '2026-01-07', '', '180', '', ''],
      ['video call', '2026-01-20', '', '720', '', ''],
      ['monitored session', '2026-01-31T23:30:00-08:00', '', '95', 'MONITORING_CODE_MOBILE_CHAT', 'open'],
      ['Total monitored seconds', '', '', '', '', ''],
      ['Total call minutes', '', '', '', '', ''],
      ['Total minutes (floored)', '', '', '', '', ''],
    ]);
    expect(rows.every((row) => row.Patient === name && row['Patient ID'] === String(patientId))).toBe(true);
    const [supervisor] = await t.database.db.select().from(users).where(eq(users.id, home.supervisor.id));
    expect(rows[1]!['Staff member']).toBe(`${supervisor!.firstName} ${supervisor!.lastName}`);
    expect(rows.slice(-3).map((row) => row.Total)).toEqual(['270', '15', '19']);
  });

  it('gives a short session left after logging a call its context and end reason (decision 1221)', async () => {
    // As the web does on the patient's dashboard: a start, a call logged, and the end 15 s later, before the first
    // heart-beat (they come every 30 s) ever counted.
    const patientId = await patientOf();
    const startedAt = t.clock.now();
    const started = await call.post(monitoringEndpoints.start.path, home.therapist.token, { user_id: patientId });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as number;
    t.clock.advanceSeconds(5);
    // A call that began a minute before, on the clinic's clocks (Los Angeles).
    const local = localDateTimeOf(new Date(startedAt.getTime() - 60_000), 'America/Los_Angeles');
    await logCall(patientId, { date: local.slice(0, 10), start_time: local.slice(11, 16), kind: 'phone', minutes: 2 });
    t.clock.advanceSeconds(10);
    const ended = await call.put(pathOf(monitoringEndpoints.update, { monitoringId: id }), home.therapist.token, {
      elapsed_seconds: 13,
      context: 'MONITORING_CODE_PATIENT_DASHBOARD',
      end_reason: 'left',
    });
    expect(ended.json()).toMatchObject({ seconds: 13, is_ended: true, end_reason: 'left' });

    const month = `?month=${startedAt.toISOString().slice(0, 7)}`;
    const rows = entryRows(csvOf(await call.get(exportUrl(patientId, month), home.therapist.token)));
    const row = rows.find((r) => r.Kind === 'monitored session')!;
    expect([row['Seconds counted'], row.Context, row['End reason']]).toEqual([
      '13',
      'MONITORING_CODE_PATIENT_DASHBOARD',
      'left',
    ]);
    const read = (await call.get(readUrl(patientId, month), home.therapist.token)).json();
    expect(read.results.find((e: { type: string }) => e.type === 'session')).toMatchObject({
      seconds: 13,
      context: 'MONITORING_CODE_PATIENT_DASHBOARD',
      end_reason: 'left',
    });
  });

  it('keeps the context a session started in when it ends without a counted second', async () => {
    const patientId = await patientOf();
    const started = await call.post(monitoringEndpoints.start.path, home.therapist.token, {
      user_id: patientId,
      context: 'MONITORING_CODE_DESKTOP_CHAT',
    });
    expect(started.statusCode, started.body).toBe(201);
    t.clock.advanceSeconds(3);
    // Starting on another patient ends this one at its last heart-beat, the start: nothing counted.
    const next = await call.post(monitoringEndpoints.start.path, home.therapist.token, { user_id: await patientOf() });
    // Ended too, as the other tests store sessions of the same therapist and one may be open at a time.
    await call.put(pathOf(monitoringEndpoints.update, { monitoringId: next.json().id }), home.therapist.token, {
      elapsed_seconds: 0,
      context: 'MONITORING_CODE_PATIENT_DASHBOARD',
      end_reason: 'left',
    });
    const month = `?month=${t.clock.now().toISOString().slice(0, 7)}`;
    const rows = entryRows(csvOf(await call.get(exportUrl(patientId, month), home.therapist.token)));
    expect(rows.map((r) => [r['Seconds counted'], r.Context, r['End reason']])).toEqual([
      ['0', 'MONITORING_CODE_DESKTOP_CHAT', 'left'],
    ]);
  });

  it('states zero totals for a month without sessions or calls', async () => {
    const patientId = await patientOf();
    const rows = csvOf(await call.get(exportUrl(patientId, '?month=2025-06'), home.therapist.token));
    expect(rows.map((row) => [row.Kind, row.Total])).toEqual([
      ['Total monitored seconds', '0'],
      ['Total call minutes', '0'],
      ['Total minutes (floored)', '0'],
    ]);
  });

  it('keeps a spreadsheet from taking a cell for a formula', async () => {
    // Stored before names followed the name rule (decision 1265).
    const patientId = await patientOf();
    await t.database.db
      .update(patients)
      .set({ firstName: '=HYPERLINK("http://x.test")', lastName: '+Cmd' })
      .where(eq(patients.id, patientId));
    await session(patientId, '2026-06-03T18:00:00Z', 60);
    const res = await call.get(exportUrl(patientId, '?month=2026-06'), home.therapist.token);
    const rows = csvOf(res);
    expect(rows[0]!.Patient).toBe(`'=HYPERLINK("http://x.test") +Cmd`);
    const cells = rows.flatMap((row) => Object.values(row));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(String(cell)))).toEqual([]);
  });

  it('is audited as an export with the patient, the month and its counts', async () => {
    const patientId = await patientOf();
    await pastCall(patientId, { date: '2026-02-10', kind: 'phone', minutes: 4 });
    csvOf(await call.get(exportUrl(patientId, '?month=2026-02'), home.therapist.token));
    const rows = await auditRows(t.database.db, 'monitoring.export', patientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: home.therapist.id, clinicId: home.clinic.id, outcome: 'success' });
    expect(rows[0]!.detail).toMatchObject({ month: '2026-02', sessions: 0, calls: 1, total_minutes: 4 });
  });

  it('refuses a bad month (400), another clinic’s and a removed patient (404), and nobody (401)', async () => {
    const ours = await patientOf();
    const exports = async () =>
      (await auditRows(t.database.db, 'monitoring.export')).filter((row) => row.outcome === 'success').length;
    const exportsBefore = await exports();
    const before = (await t.database.db.select().from(auditEvents)).length;
    expectProblem(await call.get(exportUrl(ours, '?month=2024-12'), home.therapist.token), 400);
    expectProblem(await call.get(exportUrl(ours, '?month=24-12'), home.therapist.token), 400);
    expect((await t.database.db.select().from(auditEvents)).length).toBe(before);
    const theirs = await patientOf(away);
    expectProblem(await call.get(exportUrl(theirs), home.therapist.token), 404, 'not_found');
    await t.database.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, ours));
    expectProblem(await call.get(exportUrl(ours), home.supervisor.token), 404, 'not_found');
    // Refused: no export was recorded as done.
    expect(await exports()).toBe(exportsBefore);
    expectProblem(await call.get(exportUrl(ours)), 401);
  });
});

describe('the audit CSV of a clinic’s month', () => {
  it('is for managers and supervisors: a therapist is refused (403)', async () => {
    expectProblem(await call.get(clinicExportUrl('?month=2026-01'), home.therapist.token), 403, 'forbidden');
    const res = await call.get(clinicExportUrl('?month=2026-01'), home.supervisor.token);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="monitoring-${home.clinic.code}-2026-01.csv"`,
    );
    csvOf(res);
  });

  it('holds only the clinic’s rows, each patient’s followed by their totals, and is audited', async () => {
    const month = '2026-07';
    const ours = await patientOf();
    const theirs = await patientOf(away);
    await session(ours, '2026-07-10T18:00:00Z', 90);
    await session(theirs, '2026-07-10T18:00:00Z', 600, { clinic: away });
    await session(ours, '2026-07-12T18:00:00Z', 600, { clinic: away });
    const rows = csvOf(await call.get(clinicExportUrl(`?month=${month}`), home.manager.token));
    expect(rows.map((row) => [row['Patient ID'], row.Kind, row['Seconds counted'], row.Total])).toEqual([
      [String(ours), 'monitored session', '90', ''],
      [String(ours), 'Total monitored seconds', '', '90'],
      [String(ours), 'Total call minutes', '', '0'],
      [String(ours), 'Total minutes (floored)', '', '1'],
    ]);
    const audit = (await auditRows(t.database.db, 'monitoring.export')).filter(
      (row) => (row.detail as { month: string }).month === month,
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorUserId: home.manager.id, clinicId: home.clinic.id, outcome: 'success' });
    expect(audit[0]!.detail).toMatchObject({ patient_ids: [ours] });
    // The patient's own record shows the export too.
    expect(audit[1]).toMatchObject({ actorUserId: home.manager.id, patientId: ours, outcome: 'success' });
    expect(audit[1]!.detail).toMatchObject({ month, scope: 'clinic' });
  });

  it('refuses a bad month (400) and nobody (401)', async () => {
    expectProblem(await call.get(clinicExportUrl('?month=2024-12'), home.manager.token), 400);
    expectProblem(await call.get(clinicExportUrl('?month=2026-1'), home.manager.token), 400);
    expectProblem(await call.get(clinicExportUrl()), 401);
  });
});

describe('the exports in the OpenAPI document', () => {
  it('are documented as CSV files, the read as JSON', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    for (const path of ['/api/v1/patients/{id}/monitoring/export/', '/api/v1/clinic/monitoring/export/']) {
      const ok = doc.paths[path].get.responses['200'];
      expect(Object.keys(ok.content)).toEqual(['text/csv']);
      expect(ok.content['text/csv'].schema).toMatchObject({ type: 'string' });
    }
    const read = doc.paths['/api/v1/patients/{id}/monitoring/'].get.responses['200'];
    expect(Object.keys(read.content)).toEqual(['application/json']);
  });
});
