import { measureAssignmentEndpoints, measures, pathOf, patientMeasureEndpoints } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { staffToken } from '../../../test/helpers.ts';
import { signedInPatient } from '../../../test/patient-app-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { dailyTextAtSix, logSteps, remindersOf } from '../../../test/reminders-support.ts';

const { t, call, home } = await twoClinicsForFile();
const db = t.database.db;
const run = () => t.app.reminderRunner.runDue();
const goTo = (iso: string) => t.clock.advanceSeconds((new Date(iso).getTime() - t.clock.now().getTime()) / 1000);
const therapist = () => staffToken(t.app, home.therapist.email);

/** A patient with their own reminder every day at 18:00 New York time (the clinic's zone too). */
async function patientWith(overrides: Record<string, unknown> = {}) {
  const patient = await signedInPatient(t.app, db, await therapist());
  const res = await call.put('/api/v1/patient/reminders/', patient.token, {
    ...dailyTextAtSix,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return patient;
}

/** A check-in staff ask of the patient from today: its assignment's id. */
async function checkInFor(patientId: number, body: object) {
  const res = await call.post(pathOf(measureAssignmentEndpoints.list, { patientId }), await therapist(), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const bodiesOf = async (patientId: number) => (await remindersOf(db, patientId)).map((r) => r.message?.body);
const everyPatient: number[] = [];

describe('a check-in that is due, in the day’s reminder (decision 1370)', () => {
  it('adds one plain sentence and leads to the check-in, in English and Spanish', async () => {
    goTo('2026-05-04T12:00:00Z');
    const english = await patientWith({ channels: ['sms', 'email'] });
    const spanish = await patientWith({ language: 'es' });
    everyPatient.push(english.id, spanish.id);
    const nprs = await checkInFor(english.id, { measure: 'nprs' });
    const psfs = await checkInFor(spanish.id, { measure: 'psfs', repeat_weeks: 4 });
    goTo('2026-05-04T22:00:10Z');
    await run();

    const [text, email] = await remindersOf(db, english.id);
    expect([text!.outcome, email!.outcome]).toEqual(['sent', 'sent']);
    expect(text!.message!.body).toBe(
      `Rehabit: A friendly reminder for today. A short check-in is waiting for you too. Open your check-in: http://rehabit.test/my/measures/${nprs} Reply STOP to stop these texts.`,
    );
    expect(email!.message!.body).toMatch(
      new RegExp(
        `^Rehabit: A friendly reminder for today\\. A short check-in is waiting for you too\\.\\n\\nOpen your check-in: http://rehabit\\.test/my/measures/${nprs}\\n\\nTo stop these e-mails: http://rehabit\\.test/api/v1/reminders/unsubscribe/\\?token=\\S+\\n$`,
      ),
    );
    expect(await bodiesOf(spanish.id)).toEqual([
      `Rehabit: Un recordatorio amable para hoy. También le espera un control breve. Abra su control: http://rehabit.test/my/measures/${psfs} Responda STOP para dejar de recibir estos mensajes.`,
    ]);
  });

  it('reminds on a day already logged while a check-in waits, with the check-in’s words only', async () => {
    goTo('2026-05-05T12:00:00Z');
    const patient = await patientWith();
    everyPatient.push(patient.id);
    await logSteps(db, home.clinic.id, patient.id, '2026-05-05');
    const nprs = await checkInFor(patient.id, { measure: 'nprs', repeat_weeks: 2 });
    goTo('2026-05-05T22:00:10Z');
    await run();
    expect((await remindersOf(db, patient.id)).map((r) => [r.outcome, r.message?.body])).toEqual([
      [
        'sent',
        `Rehabit: A short check-in is waiting for you. Open your check-in: http://rehabit.test/my/measures/${nprs} Reply STOP to stop these texts.`,
      ],
    ]);
  });

  it('says nothing of a check-in once filled: that day is logged, and the next day is reminded as before', async () => {
    goTo('2026-05-06T12:00:00Z');
    const patient = await patientWith();
    everyPatient.push(patient.id);
    const nprs = await checkInFor(patient.id, { measure: 'nprs', repeat_weeks: 2 });
    const filled = await call.post(patientMeasureEndpoints.submit.path, patient.token, {
      assignment_id: nprs,
      client_id: crypto.randomUUID(),
      answers: [4],
    });
    expect(filled.statusCode, filled.body).toBe(201);
    goTo('2026-05-06T22:00:10Z');
    await run();
    goTo('2026-05-07T22:00:10Z');
    await run();
    expect((await remindersOf(db, patient.id)).map((r) => [r.localDate, r.outcome, r.message?.body])).toEqual([
      ['2026-05-06', 'skipped_logged', undefined],
      [
        '2026-05-07',
        'sent',
        'Rehabit: A friendly reminder for today. Open your program: http://rehabit.test/my/today Reply STOP to stop these texts.',
      ],
    ]);
  });

  it('never names a measure, nor anything about health', async () => {
    const bodies = (await Promise.all(everyPatient.map(bodiesOf))).flat().filter((b): b is string => !!b);
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    for (const body of bodies) {
      const words = body.replace(/https?:\/\/\S+/g, '');
      for (const measure of Object.values(measures)) {
        expect(words.toLowerCase()).not.toContain(measure.name.toLowerCase());
        expect(words).not.toMatch(new RegExp(`\\b${measure.key}\\b`, 'i'));
      }
      expect(words).not.toMatch(/pain|dolor|activit|actividad|M54|Maria|Lopez/i);
    }
  });
});
