import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffToken } from '../../../test/helpers.ts';
import { sessionForPatient } from '../../../test/hep-support.ts';
import { signedInPatient } from '../../../test/patient-app-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { dailyTextAtSix, remindersOf } from '../../../test/reminders-support.ts';
import { reminderSchedules } from '../../db/schema.ts';
import { crossClinic } from '../../db/scope.ts';
import { dataFor } from '../data-access.ts';

const { t, call, home } = await twoClinicsForFile();
const db = t.database.db;
const run = () => t.app.reminderRunner.runDue();
const goTo = (iso: string) => t.clock.advanceSeconds((new Date(iso).getTime() - t.clock.now().getTime()) / 1000);
const manager = () => staffToken(t.app, home.manager.email);

/** An onboarded patient with their own reminder every day at 18:00 New York time. */
async function onboardedPatient() {
  const patient = await signedInPatient(t.app, db, await manager());
  const onboard = await call.post(`/api/v1/patients/${patient.id}/onboard/`, await manager(), {
    diagnosis: 'M54.50',
    therapist: home.therapist.id,
  });
  expect(onboard.statusCode, onboard.body).toBe(200);
  const saved = await call.put('/api/v1/patient/reminders/', patient.token, dailyTextAtSix);
  expect(saved.statusCode, saved.body).toBe(200);
  return patient;
}

const nextAtOf = async (patientId: number) =>
  (await db.select().from(reminderSchedules).where(eq(reminderSchedules.patientId, patientId)))[0]!.nextAt;
/** Whether the job's read of the schedules due finds the patient's, however late. */
const readByTheJob = async (patientId: number) =>
  (await dataFor(db, crossClinic('scheduled job')).reminderSchedules.due(new Date('2027-01-01T00:00:00Z'))).some(
    (row) => row.schedule.patientId === patientId,
  );
const outcomesOf = async (patientId: number) => (await remindersOf(db, patientId)).map((r) => [r.localDate, r.outcome]);

describe('a patient out of care is not reminded (decision 1370)', () => {
  it('parks the schedule at a discharge and resumes it at the re-onboarding, no day away missed', async () => {
    goTo('2026-06-01T12:00:00Z');
    const patient = await onboardedPatient();
    goTo('2026-06-01T22:00:10Z');
    await run();
    expect(await outcomesOf(patient.id)).toEqual([['2026-06-01', 'sent']]);

    goTo('2026-06-02T14:00:00Z');
    const discharged = await call.patch('/clinic/therapist/patient/discharged', await manager(), {
      patient_ids: [patient.id],
    });
    expect(discharged.statusCode, discharged.body).toBe(200);
    expect(await nextAtOf(patient.id)).toBeNull();
    expect(await readByTheJob(patient.id)).toBe(false);
    // A change of the schedule while away leaves it parked.
    const phone = await sessionForPatient(t, patient.id);
    const changed = await call.put('/api/v1/patient/reminders/', phone.token, { ...dailyTextAtSix, time: '18:30' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await nextAtOf(patient.id)).toBeNull();
    for (const day of ['02', '03', '05', '08']) {
      goTo(`2026-06-${day}T22:00:10Z`);
      await run();
    }
    expect(await outcomesOf(patient.id)).toEqual([['2026-06-01', 'sent']]);

    // A week later, in the morning: the next reminder goes at 18:30 that day, the week away is not missed.
    goTo('2026-06-09T13:00:00Z');
    const back = await call.patch('/clinic/patient/re_onboard', await manager(), { patient_ids: [patient.id] });
    expect(back.statusCode, back.body).toBe(200);
    expect(await readByTheJob(patient.id)).toBe(true);
    goTo('2026-06-09T13:00:30Z');
    await run();
    expect(await nextAtOf(patient.id)).toEqual(new Date('2026-06-09T22:30:00Z'));
    goTo('2026-06-09T22:30:10Z');
    await run();
    expect(await outcomesOf(patient.id)).toEqual([
      ['2026-06-01', 'sent'],
      ['2026-06-09', 'sent'],
    ]);
  });

  it('parks the schedule of a patient removed', async () => {
    goTo('2026-06-10T12:00:00Z');
    const patient = await onboardedPatient();
    expect(await readByTheJob(patient.id)).toBe(true);
    const removed = await call.post(`/api/v1/patients/${patient.id}/remove/`, await manager());
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await nextAtOf(patient.id)).toBeNull();
    expect(await readByTheJob(patient.id)).toBe(false);
    goTo('2026-06-10T22:00:10Z');
    await run();
    expect(await outcomesOf(patient.id)).toEqual([]);
  });
});
