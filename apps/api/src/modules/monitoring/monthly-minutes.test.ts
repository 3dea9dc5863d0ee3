import { chatEndpoints, monitoringEndpoints, pathOf, patientEndpoints } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { type MonitoredClinics, monitoredClinics } from '../../../test/monitoring-support.ts';
import type { ApiClient, StaffedClinic } from '../../../test/patients-support.ts';
import { interactionLogs } from '../../db/schema.ts';
import { crossClinic } from '../../db/scope.ts';
import { dataFor } from '../data-access.ts';
import { createMonthlyMinutes } from './monthly-minutes.ts';

let t: TestApp;
let home: StaffedClinic;
let away: StaffedClinic;
let call: ApiClient;
let minutes: MonitoredClinics['minutes'];
let onboarded: MonitoredClinics['onboarded'];
let session: MonitoredClinics['session'];
let pastCall: MonitoredClinics['pastCall'];

beforeAll(async () => {
  ({ t, call, home, away, onboarded, session, pastCall } = await monitoredClinics());
  // Read through a data access, here the jobs' cross-clinic one: each month is read in its own clinic.
  minutes = createMonthlyMinutes(dataFor(t.database.db, crossClinic('scheduled job')));
});
afterAll(() => t.close());

const ofPatient = (patientId: number, month: string) =>
  minutes.minutesOfPatient({ clinicId: home.clinic.id, patientId, month });

describe('a patient’s minutes in a month', () => {
  it('floors to whole minutes', async () => {
    const short = await onboarded();
    await session(short, '2026-01-10T18:00:00Z', 59);
    expect(await ofPatient(short, '2026-01')).toEqual({
      monitoredSeconds: 59,
      callMinutes: 0,
      totalMinutes: 0,
      hasLiveCall: false,
    });

    const longer = await onboarded();
    await session(longer, '2026-01-10T18:00:00Z', 61);
    await pastCall(longer, { date: '2026-01-12', kind: 'phone', minutes: 1 });
    expect(await ofPatient(longer, '2026-01')).toEqual({
      monitoredSeconds: 61,
      callMinutes: 1,
      totalMinutes: 2,
      hasLiveCall: true,
    });
  });

  it('adds every session’s seconds and the calls’ minutes before flooring', async () => {
    const patientId = await onboarded();
    await session(patientId, '2026-01-05T18:00:00Z', 30);
    await session(patientId, '2026-01-06T18:00:00Z', 50, { userId: home.supervisor.id });
    await pastCall(patientId, { date: '2026-01-07', kind: 'video', minutes: 3 });
    await pastCall(patientId, { date: '2026-01-08', kind: 'phone', minutes: 2 });
    // 30 s + 50 s + 5 min = 380 s: 6 minutes, though neither session reaches a minute on its own.
    expect(await ofPatient(patientId, '2026-01')).toEqual({
      monitoredSeconds: 80,
      callMinutes: 5,
      totalMinutes: 6,
      hasLiveCall: true,
    });
  });

  it('places a session in the clinic’s month of its start, not in UTC’s', async () => {
    const patientId = await onboarded();
    // 23:30 on 31 January in Los Angeles, 07:30 on 1 February in UTC.
    await session(patientId, '2026-02-01T07:30:00Z', 1200);
    // 00:10 on 1 February in Los Angeles.
    await session(patientId, '2026-02-01T08:10:00Z', 120);
    // 23:00 on 31 December 2025 in Los Angeles, already 2026 in UTC.
    await session(patientId, '2026-01-01T07:00:00Z', 300);

    expect((await ofPatient(patientId, '2026-01')).monitoredSeconds).toBe(1200);
    expect((await ofPatient(patientId, '2026-02')).monitoredSeconds).toBe(120);
    expect((await ofPatient(patientId, '2025-12')).monitoredSeconds).toBe(300);
    expect((await ofPatient(patientId, '2026-03')).monitoredSeconds).toBe(0);
  });

  it('places a call in the month of its date, and leaves deleted calls out', async () => {
    const patientId = await onboarded();
    await pastCall(patientId, { date: '2026-04-30', kind: 'phone', minutes: 7 });
    await pastCall(patientId, { date: '2026-05-01', kind: 'phone', minutes: 4 });
    const deleted = await pastCall(patientId, { date: '2026-04-15', kind: 'video', minutes: 30 });
    const res = await call.post(pathOf(patientEndpoints.deleteInteraction, { id: patientId }), home.therapist.token, {
      log: deleted,
    });
    expect(res.statusCode, res.body).toBe(204);

    expect(await ofPatient(patientId, '2026-04')).toMatchObject({ callMinutes: 7, totalMinutes: 7, hasLiveCall: true });
    expect(await ofPatient(patientId, '2026-05')).toMatchObject({ callMinutes: 4, totalMinutes: 4, hasLiveCall: true });
    expect(await ofPatient(patientId, '2026-06')).toMatchObject({ callMinutes: 0, hasLiveCall: false });
  });

  it('has a live call with a logged call of the shortest length, and none with sessions alone', async () => {
    const called = await onboarded();
    await pastCall(called, { date: '2026-06-03', kind: 'video', minutes: 1 });
    expect(await ofPatient(called, '2026-06')).toEqual({
      monitoredSeconds: 0,
      callMinutes: 1,
      totalMinutes: 1,
      hasLiveCall: true,
    });

    const monitored = await onboarded();
    await session(monitored, '2026-06-03T18:00:00Z', 1500);
    expect(await ofPatient(monitored, '2026-06')).toMatchObject({ totalMinutes: 25, hasLiveCall: false });
  });

  it('never takes a chat message for a live call', async () => {
    const patientId = await onboarded();
    const opened = await call.post(chatEndpoints.openSession.path, home.therapist.token, { patient: patientId });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const sent = await call.post(chatEndpoints.send.path, home.therapist.token, {
      session: opened.json().id,
      message: 'How did the exercises go?',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    // The test clock's month, in the clinic's timezone.
    expect(await ofPatient(patientId, '2026-03')).toEqual({
      monitoredSeconds: 0,
      callMinutes: 0,
      totalMinutes: 0,
      hasLiveCall: false,
    });
  });

  it('counts an open session with what it has counted so far', async () => {
    const patientId = await onboarded();
    const started = await call.post(monitoringEndpoints.start.path, home.therapist.token, { user_id: patientId });
    expect(started.statusCode, started.body).toBe(201);
    t.clock.advanceSeconds(20);
    const beat = await call.put(
      pathOf(monitoringEndpoints.update, { monitoringId: started.json().id }),
      home.therapist.token,
      { context: 'MONITORING_CODE_PATIENT_DASHBOARD', elapsed_seconds: 20 },
    );
    expect(beat.json()).toMatchObject({ seconds: 20, is_ended: false });
    expect((await ofPatient(patientId, '2026-03')).monitoredSeconds).toBe(20);
    // Ended, so the therapist's later sessions can start.
    t.clock.advanceSeconds(10);
    const end = await call.put(
      pathOf(monitoringEndpoints.update, { monitoringId: started.json().id }),
      home.therapist.token,
      { context: 'MONITORING_CODE_PATIENT_DASHBOARD', elapsed_seconds: 30, end_reason: 'left' },
    );
    expect(end.json()).toMatchObject({ seconds: 30, is_ended: true });
    expect((await ofPatient(patientId, '2026-03')).monitoredSeconds).toBe(30);
  });

  it('refuses a month that is not YYYY-MM', async () => {
    await expect(ofPatient(1, '2026-13')).rejects.toThrow('Not a month');
    await expect(ofPatient(1, '2026-1')).rejects.toThrow('Not a month');
  });
});

describe('a clinic’s minutes', () => {
  it('never counts another clinic’s sessions or calls', async () => {
    const ours = await onboarded();
    const theirs = await onboarded(away);
    await session(ours, '2026-07-10T18:00:00Z', 90);
    await session(theirs, '2026-07-10T18:00:00Z', 600, { clinic: away });
    await pastCall(theirs, { date: '2026-07-11', kind: 'phone', minutes: 20 }, away);
    // Rows of the other clinic naming our patient still belong to the other clinic.
    await session(ours, '2026-07-12T18:00:00Z', 600, { clinic: away });
    // Written straight: the repository refuses a call of another clinic about this patient (decision 1340).
    await t.database.db.insert(interactionLogs).values({
      clinicId: away.clinic.id,
      patientId: ours,
      date: '2026-07-12',
      startedAt: new Date('2026-07-12T15:00:00Z'),
      kind: 'phone',
      minutes: 20,
      createdBy: away.therapist.id,
    });

    const month = '2026-07';
    expect(await minutes.minutesOfClinic({ clinicId: home.clinic.id, month })).toEqual([
      { patientId: ours, monitoredSeconds: 90, callMinutes: 0, totalMinutes: 1, hasLiveCall: false },
    ]);
    expect(await ofPatient(theirs, month)).toEqual({
      monitoredSeconds: 0,
      callMinutes: 0,
      totalMinutes: 0,
      hasLiveCall: false,
    });
    expect((await minutes.minutesByStaff({ clinicId: home.clinic.id, month })).map((row) => row.userId)).toEqual([
      home.therapist.id,
    ]);
    expect(await minutes.minutesOfClinic({ clinicId: away.clinic.id, month })).toEqual([
      { patientId: ours, monitoredSeconds: 600, callMinutes: 20, totalMinutes: 30, hasLiveCall: true },
      { patientId: theirs, monitoredSeconds: 600, callMinutes: 20, totalMinutes: 30, hasLiveCall: true },
    ]);
  });

  it('answers each patient, and per staff member a split that sums to the patient’s', async () => {
    const first = await onboarded();
    const second = await onboarded();
    await session(first, '2026-08-03T18:00:00Z', 400);
    await session(first, '2026-08-04T18:00:00Z', 45, { userId: home.supervisor.id });
    await session(first, '2026-08-05T18:00:00Z', 200);
    await pastCall(first, { date: '2026-08-06', kind: 'phone', minutes: 5 });
    await session(second, '2026-08-03T19:00:00Z', 30, { userId: home.supervisor.id });
    const month = '2026-08';

    const byPatient = await minutes.minutesOfClinic({ clinicId: home.clinic.id, month });
    expect(byPatient).toEqual([
      { patientId: first, monitoredSeconds: 645, callMinutes: 5, totalMinutes: 15, hasLiveCall: true },
      { patientId: second, monitoredSeconds: 30, callMinutes: 0, totalMinutes: 0, hasLiveCall: false },
    ]);

    const byStaff = await minutes.minutesByStaff({ clinicId: home.clinic.id, month });
    expect(byStaff).toEqual(
      [
        { patientId: first, userId: home.therapist.id, monitoredSeconds: 600, callMinutes: 5, totalMinutes: 15 },
        { patientId: first, userId: home.supervisor.id, monitoredSeconds: 45, callMinutes: 0, totalMinutes: 0 },
        { patientId: second, userId: home.supervisor.id, monitoredSeconds: 30, callMinutes: 0, totalMinutes: 0 },
      ]
        .map((row) => ({ ...row, hasLiveCall: row.callMinutes > 0, calls: row.callMinutes > 0 ? 1 : 0 }))
        .sort((x, y) => x.patientId - y.patientId || x.userId - y.userId),
    );
    for (const patient of byPatient) {
      const rows = byStaff.filter((row) => row.patientId === patient.patientId);
      expect(rows.reduce((n, row) => n + row.monitoredSeconds, 0)).toBe(patient.monitoredSeconds);
      expect(rows.reduce((n, row) => n + row.callMinutes, 0)).toBe(patient.callMinutes);
    }
    expect(await ofPatient(first, month)).toEqual({
      monitoredSeconds: 645,
      callMinutes: 5,
      totalMinutes: 15,
      hasLiveCall: true,
    });
  });
});
