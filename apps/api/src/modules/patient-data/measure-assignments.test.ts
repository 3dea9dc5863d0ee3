import {
  measureAssignmentEndpoints,
  measures,
  pathOf,
  patientDataEndpoints,
  patientMeasureEndpoints,
} from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem, staffToken } from '../../../test/helpers.ts';
import { auditRows, sessionForPatient, setClinicTimezone } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { functionalEntries } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { dataFor } from '../data-access.ts';

const { t, call, home, away } = await twoClinicsForFile();
const db = t.database.db;
// The test clock starts at 2026-03-02T15:00Z: 2 March in UTC.
await setClinicTimezone(db, home.clinic.id, 'UTC');

const assignments = (patientId: number) => pathOf(measureAssignmentEndpoints.list, { patientId });
const stopUrl = (patientId: number, assignmentId: number) =>
  pathOf(measureAssignmentEndpoints.stop, { patientId, assignmentId });
const own = patientMeasureEndpoints.due.path;
const newPatient = async () => (await call.register(home.therapist.token, { birthday: '1980-05-01' })).id;
const uuid = () => crypto.randomUUID();

async function assigned(patientId: number, body: object) {
  const res = await call.post(assignments(patientId), home.therapist.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; next_due_on: string | null; status: string };
}

/** The days of the billing rules' outcome source (decision 1200) on which the patient has a data day. */
async function dataDays(patientId: number) {
  const inputs = dataFor(db, clinicScope(home.clinic.id)).billingInputs;
  const span = {
    patientIds: [patientId],
    from: new Date('2026-01-01T00:00:00Z'),
    to: new Date('2026-12-31T00:00:00Z'),
    fromDay: '2026-01-01',
    toDay: '2026-12-31',
  };
  return (await inputs.outcomeDays(span, '2026-01-01')).map((row) => row.date);
}

describe('outcome measures the patient fills in', () => {
  it('lets staff assign NPRS; the patient sees it due, fills it in once however often it is sent, and it is their data day', async () => {
    const patientId = await newPatient();
    const assignment = await assigned(patientId, { measure: 'nprs' });
    expect(assignment).toMatchObject({
      measure: 'nprs',
      repeat_weeks: null,
      starts_on: '2026-03-02',
      next_due_on: '2026-03-02',
      status: 'due',
      assigned_by: { id: home.therapist.id },
    });
    expect(await auditRows(db, 'measure_assignment.create', patientId)).toMatchObject([
      { outcome: 'success', actorUserId: home.therapist.id, clinicId: home.clinic.id },
    ]);

    const patient = await sessionForPatient(t, patientId);
    const due = await call.get(own, patient.token);
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json()).toEqual({
      today: '2026-03-02',
      due: [{ assignment_id: assignment.id, measure: 'nprs', due_on: '2026-03-02', previous_activities: [] }],
    });

    const body = { assignment_id: assignment.id, client_id: uuid(), answers: [6] };
    const first = await call.post(own, patient.token, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      measure: 'nprs',
      date: '2026-03-02',
      score: 6,
      scoring_version: measures.nprs.scoringVersion,
      next_due_on: null,
    });
    // Sent again (a retry): the same entry, stored once.
    const again = await call.post(own, patient.token, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().entry_id).toBe(first.json().entry_id);
    const rows = await db.select().from(functionalEntries).where(eq(functionalEntries.patientId, patientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      answers: [6],
      score: 6,
      scoringVersion: measures.nprs.scoringVersion,
      date: '2026-03-02',
      enteredBy: 'patient',
      assignmentId: assignment.id,
    });
    expect(await auditRows(db, 'measure.submitted', patientId)).toHaveLength(1);

    // Asked once: no longer due, and the assignment is completed.
    expect((await call.get(own, patient.token)).json().due).toEqual([]);
    const list = (await call.get(assignments(patientId), home.manager.token)).json();
    expect(list.results).toMatchObject([{ id: assignment.id, status: 'completed', last_filled_on: '2026-03-02' }]);

    // Staff see the entry as the patient's own in the functional data.
    const functional = (
      await call.get(pathOf(patientDataEndpoints.functionalData, { patientId }), home.therapist.token)
    ).json();
    expect(functional.results).toMatchObject([
      { key: 'nprs', entries: [{ score: 6, entered_by: 'patient', created_by: { id: patient.userId } }] },
    ]);

    // The patient's own entry makes a data day; an entry staff make from a paper form does not.
    expect(await dataDays(patientId)).toEqual(['2026-03-02']);
    const staffEntry = await call.post(
      pathOf(patientDataEndpoints.addFunctionalData, { patientId }),
      home.therapist.token,
      {
        datatype_id: measures.nprs.datatypeId,
        entries: [{ date: '2026-03-01', answers: [7] }],
      },
    );
    expect(staffEntry.statusCode, staffEntry.body).toBe(201);
    expect(await dataDays(patientId)).toEqual(['2026-03-02']);
  });

  it('stores PSFS with the activities the patient named, scored as their average, and offers them again', async () => {
    const patientId = await newPatient();
    const assignment = await assigned(patientId, { measure: 'psfs', repeat_weeks: 2 });
    const patient = await sessionForPatient(t, patientId);
    const activities = ['Climbing stairs', 'Gardening', 'Carrying shopping'];
    const missing = expectProblem(
      await call.post(own, patient.token, { assignment_id: assignment.id, client_id: uuid(), answers: [4, 6, 5] }),
      400,
    );
    expect(missing.errors).toEqual({ activities: ['Name one activity for each rating'] });
    const tooFew = expectProblem(
      await call.post(own, patient.token, {
        assignment_id: assignment.id,
        client_id: uuid(),
        answers: [4, 6],
        activities: activities.slice(0, 2),
      }),
      400,
    );
    expect(tooFew.errors).toEqual({ answers: ['Patient-Specific Functional Scale takes 3 to 5 items'] });
    const res = await call.post(own, patient.token, {
      assignment_id: assignment.id,
      client_id: uuid(),
      answers: [4, 6, 5],
      activities,
    });
    expect(res.statusCode, res.body).toBe(201);
    // Every 2 weeks from the day it was due.
    expect(res.json()).toMatchObject({ score: 5, next_due_on: '2026-03-16' });
    const [entry] = await db.select().from(functionalEntries).where(eq(functionalEntries.patientId, patientId));
    expect(entry).toMatchObject({ activities, answers: [4, 6, 5], score: 5 });
    // Not due again before its day.
    expect((await call.get(own, patient.token)).json().due).toEqual([]);
    const early = expectProblem(
      await call.post(own, patient.token, {
        assignment_id: assignment.id,
        client_id: uuid(),
        answers: [5, 6, 5],
        activities,
      }),
      409,
    );
    expect(early.errors).toEqual({ assignment_id: ['This measure is not due yet'] });
  });

  it('refuses bad input with a problem naming the field', async () => {
    const patientId = await newPatient();
    const post = (body: object) => call.post(assignments(patientId), home.therapist.token, body);
    expect(expectProblem(await post({ measure: 'lefs' }), 400).errors).toEqual({
      measure: ['Choose a measure the patient can fill in'],
    });
    expect(expectProblem(await post({ measure: 'nprs', repeat_weeks: 9 }), 400).errors).toEqual({
      repeat_weeks: ['Repeat every 1 to 8 weeks, or once'],
    });
    expect(expectProblem(await post({ measure: 'nprs', starts_on: '2026-03-01' }), 400).errors).toEqual({
      starts_on: ['The first day cannot be in the past'],
    });
    await assigned(patientId, { measure: 'nprs', repeat_weeks: 1 });
    const twice = expectProblem(await post({ measure: 'nprs' }), 409);
    expect(twice.errors).toEqual({
      measure: ['Numeric Pain Rating Scale is assigned to this patient already: stop it first'],
    });

    const patient = await sessionForPatient(t, patientId);
    const [running] = (await call.get(assignments(patientId), home.therapist.token)).json().results;
    const submit = (body: object) =>
      call.post(own, patient.token, { assignment_id: running.id, client_id: uuid(), ...body });
    expect(expectProblem(await submit({ answers: [11] }), 400).errors).toEqual({
      'answers.0': ['Each answer is 0 to 10'],
    });
    expect(expectProblem(await submit({ answers: [3], client_id: 'not-a-uuid' }), 400).errors).toEqual({
      client_id: ['client_id must be a UUID'],
    });
    expect(expectProblem(await submit({ answers: [3, 4] }), 400).errors).toEqual({
      answers: ['Numeric Pain Rating Scale has 1 items'],
    });
    // Staff cannot submit as the patient, and a patient cannot assign.
    expectProblem(
      await call.post(own, home.therapist.token, { assignment_id: running.id, client_id: uuid(), answers: [1] }),
      403,
    );
    expectProblem(await call.post(assignments(patientId), patient.token, { measure: 'nprs' }), 403);
  });

  it('answers 404 for another clinic’s patient or assignment, and audits the refusal', async () => {
    const patientId = await newPatient();
    const assignment = await assigned(patientId, { measure: 'nprs' });
    expectProblem(await call.get(assignments(patientId), away.therapist.token), 404);
    expectProblem(await call.post(assignments(patientId), away.therapist.token, { measure: 'psfs' }), 404);
    expectProblem(await call.post(stopUrl(patientId, assignment.id), away.manager.token), 404);
    expect(await auditRows(db, 'measure_assignment.stop')).toMatchObject([
      { outcome: 'denied', clinicId: away.clinic.id, actorUserId: away.manager.id },
    ]);
    // Another patient's assignment, through one's own patient, is not found either.
    const other = await newPatient();
    expectProblem(await call.post(stopUrl(other, assignment.id), home.therapist.token), 404);
    const otherPatient = await sessionForPatient(t, other);
    expectProblem(
      await call.post(own, otherPatient.token, { assignment_id: assignment.id, client_id: uuid(), answers: [2] }),
      404,
    );
    expect(await auditRows(db, 'measure_assignment.stop', patientId)).toEqual([]);
  });

  it('stops an assignment: no longer due, refused when filled, entries kept; stopping again changes nothing', async () => {
    const patientId = await newPatient();
    const assignment = await assigned(patientId, { measure: 'nprs', repeat_weeks: 4 });
    const stopped = await call.post(stopUrl(patientId, assignment.id), home.therapist.token);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', next_due_on: null });
    expect(stopped.json().stopped_at).not.toBeNull();
    const again = await call.post(stopUrl(patientId, assignment.id), home.therapist.token);
    expect(again.statusCode).toBe(200);
    expect(await auditRows(db, 'measure_assignment.stop', patientId)).toHaveLength(1);

    const patient = await sessionForPatient(t, patientId);
    expect((await call.get(own, patient.token)).json().due).toEqual([]);
    const late = expectProblem(
      await call.post(own, patient.token, { assignment_id: assignment.id, client_id: uuid(), answers: [3] }),
      409,
    );
    expect(late.errors).toEqual({ assignment_id: ['This measure is no longer asked'] });
    // Once stopped, the measure can be assigned again.
    await assigned(patientId, { measure: 'nprs' });
  });

  it('repeats every N weeks from the day it was due, and a late fill keeps the cadence', async () => {
    const patientId = await newPatient();
    const assignment = await assigned(patientId, { measure: 'nprs', repeat_weeks: 1, starts_on: '2026-03-04' });
    expect(assignment).toMatchObject({ status: 'upcoming', next_due_on: '2026-03-04' });
    let patient = await sessionForPatient(t, patientId);
    expect((await call.get(own, patient.token)).json().due).toEqual([]);

    // 2026-03-13: due since the 4th; filled late, it is next due on the 18th (the 4th + 2 weeks), not at once.
    t.clock.advanceMinutes(11 * 24 * 60);
    patient = await sessionForPatient(t, patientId);
    expect((await call.get(own, patient.token)).json().due).toMatchObject([{ due_on: '2026-03-04' }]);
    const res = await call.post(own, patient.token, { assignment_id: assignment.id, client_id: uuid(), answers: [4] });
    expect(res.json()).toMatchObject({ date: '2026-03-13', next_due_on: '2026-03-18' });
    const token = await staffToken(t.app, home.therapist.email);
    const [row] = (await call.get(assignments(patientId), token)).json().results;
    expect(row).toMatchObject({ status: 'upcoming', next_due_on: '2026-03-18', last_filled_on: '2026-03-13' });
    expect(await auditRows(db, 'measure_assignment.list', patientId)).not.toHaveLength(0);
  });
});
