import { monitoringEndpoints, pathOf, patientEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.ts';
import { expectProblem, staffToken } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { monitoringSessions, patients } from '../../db/schema.ts';

const { t, call, home } = await twoClinicsForFile();
const user = await makeUser(t.database.db, home.clinic.id, { role: 'therapist' });
const colleague = { id: user.id, token: await staffToken(t.app, user.email) };

const DASHBOARD = 'MONITORING_CODE_PATIENT_DASHBOARD';

async function onboarded() {
  const { id } = await call.register(home.therapist.token);
  await t.database.db
    .update(patients)
    .set({ status: 'onboarded', therapistId: home.therapist.id, diagnosis: 'M54.50' })
    .where(eq(patients.id, id));
  return id;
}

/** A session of `token` on the patient that has counted 20 s, its last beat 20 s after its start. */
async function monitoring(patientId: number, token: string) {
  const res = await call.post(monitoringEndpoints.start.path, token, { user_id: patientId, context: DASHBOARD });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const beat = (id: number, token: string, elapsed: number) =>
  call.put(pathOf(monitoringEndpoints.update, { monitoringId: id }), token, {
    elapsed_seconds: elapsed,
    context: DASHBOARD,
  });
async function row(id: number) {
  const [found] = await t.database.db.select().from(monitoringSessions).where(eq(monitoringSessions.id, id));
  return found!;
}

/** Two staff on the patient, both counted 20 s; then 10 s pass without a beat before the change. */
async function twoOnPatient(patientId: number) {
  const mine = await monitoring(patientId, home.therapist.token);
  const theirs = await monitoring(patientId, colleague.token);
  t.clock.advanceSeconds(20);
  expect((await beat(mine, home.therapist.token, 20)).statusCode).toBe(200);
  expect((await beat(theirs, colleague.token, 20)).statusCode).toBe(200);
  const lastBeat = t.clock.now();
  t.clock.advanceSeconds(10);
  return { mine, theirs, lastBeat };
}

/** Each session ended now with its 20 s and the reason, audited under the staff member who changed the patient. */
async function expectEnded(patientId: number, ids: number[], reason: string, by: { id: number }) {
  for (const id of ids) {
    expect(await row(id)).toMatchObject({ endedAt: t.clock.now(), endReason: reason, seconds: 20 });
  }
  const ends = (await auditRows(t.database.db, 'monitoring.end', patientId)).filter(
    (r) => (r.detail as { reason: string }).reason === reason,
  );
  expect(ends.map((r) => [r.actorUserId, (r.detail as { monitoring_id: number }).monitoring_id]).sort()).toEqual(
    ids.map((id) => [by.id, id]).sort(),
  );
  expect(ends[0]!.detail).toMatchObject({ seconds: 20, ended_at: t.clock.now().toISOString() });
}

describe('a change of the patient ends the monitoring on them', () => {
  it('a discharge ends every open session on the patient at once; their next heart-beat hears it has ended', async () => {
    const patientId = await onboarded();
    const other = await onboarded();
    const { mine, theirs, lastBeat } = await twoOnPatient(patientId);
    const elsewhere = await monitoring(other, home.supervisor.token);

    const res = await call.patch(patientEndpoints.discharge.path, home.manager.token, { patient_ids: [patientId] });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(patientId, [mine, theirs], 'patient_discharged', home.manager);
    expect((await row(mine)).lastBeatAt).toEqual(lastBeat);
    // Another patient's monitoring goes on.
    expect(await row(elsewhere)).toMatchObject({ endedAt: null });

    t.clock.advanceSeconds(5);
    const late = await beat(mine, home.therapist.token, 35);
    expectProblem(late, 409, 'conflict');
    expect(late.json().detail).toBe('This monitoring session has ended; start a new one');
    expect((await row(mine)).seconds).toBe(20);
  });

  it('a removal ends every open session on the patient at once', async () => {
    const patientId = await onboarded();
    const { mine, theirs } = await twoOnPatient(patientId);
    const res = await call.post(pathOf(patientEndpoints.remove, { id: patientId }), home.supervisor.token);
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(patientId, [mine, theirs], 'patient_removed', home.supervisor);
    expectProblem(await beat(theirs, colleague.token, 30), 409, 'conflict');
  });

  it('a change of therapist ends every open session on the patient at the hand-over; staff may start anew', async () => {
    const patientId = await onboarded();
    const { mine, theirs } = await twoOnPatient(patientId);
    const res = await call.patch(pathOf(patientEndpoints.changeTherapist, { id: patientId }), home.manager.token, {
      therapist_id: home.supervisor.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(patientId, [mine, theirs], 'therapist_changed', home.manager);
    expectProblem(await beat(mine, home.therapist.token, 35), 409, 'conflict');
    // The former therapist still sees the patient: a review after the hand-over is a session of its own.
    expect(await monitoring(patientId, home.therapist.token)).toBeGreaterThan(theirs);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a start meeting a discharge on PostgreSQL', () => {
  it('is refused when the discharge commits while the start waits: no session outlives the discharge', async () => {
    const patientId = await onboarded();
    // The discharge holds the patient's row, as its transaction does, while the start comes in.
    const discharge = await t.database.pool!.connect();
    try {
      await discharge.query('BEGIN');
      await discharge.query(`UPDATE patients SET status = 'discharged' WHERE id = $1`, [patientId]);
      const start = call.post(monitoringEndpoints.start.path, home.therapist.token, {
        user_id: patientId,
        context: DASHBOARD,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await discharge.query('COMMIT');
      const res = await start;
      expectProblem(res, 409, 'conflict');
      expect(res.json().detail).toBe('Only onboarded patients are monitored; this patient is discharged');
    } finally {
      discharge.release();
    }
    const open = await t.database.db
      .select()
      .from(monitoringSessions)
      .where(eq(monitoringSessions.patientId, patientId));
    expect(open).toEqual([]);
  });
  it('a discharge waits for a start holding the patient, then ends the session it opened', async () => {
    const patientId = await onboarded();
    // A start in progress: it holds the patient's row and has opened its session, not yet committed.
    const start = await t.database.pool!.connect();
    try {
      await start.query('BEGIN');
      await start.query('SELECT id FROM patients WHERE id = $1 FOR UPDATE', [patientId]);
      const now = t.clock.now();
      const { rows } = await start.query(
        `INSERT INTO monitoring_sessions (clinic_id, patient_id, user_id, started_at, last_beat_at)
         VALUES ($1, $2, $3, $4, $4) RETURNING id`,
        [home.clinic.id, patientId, colleague.id, now],
      );
      const discharge = call.patch(patientEndpoints.discharge.path, home.manager.token, { patient_ids: [patientId] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await start.query('COMMIT');
      expect((await discharge).statusCode).toBe(200);
      expect(await row(rows[0].id)).toMatchObject({ endedAt: now, endReason: 'patient_discharged' });
    } finally {
      start.release();
    }
  });
});
