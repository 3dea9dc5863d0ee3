import { measures, nextDueAfter, type PatientFillableMeasure, scoreMeasure } from '@rehabit/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { functionalEntries, functionalMeasures, measureAssignments, patients } from '../db/schema.ts';
import { addDays } from '../lib/calendar.ts';
import { insertMany } from './demo-bulk-insert.ts';
import type { Region } from './demo-program-plans.ts';
import { atLocalTime, daysBetween } from './demo-random.ts';

/** What the demo needs of a treated patient. */
export type MeasurePatient = {
  id: number;
  clinicId: number;
  status: string;
  therapistId: number | null;
  ordinal: number;
  timezone: string;
  region: Region;
  startDay: string;
  lastDay: string;
};

/** Activities a patient of each region names for PSFS (in their own words, as the patient would). */
const activitiesOf: Record<Region, string[]> = {
  knee: ['Climbing stairs', 'Getting up from a chair', 'Walking the dog'],
  hip: ['Putting on socks', 'Walking to the shops', 'Getting out of the car'],
  lowBack: ['Bending to pick things up', 'Sitting through a film', 'Carrying groceries'],
  neck: ['Driving and checking over my shoulder', 'Reading in bed', 'Working at the computer'],
  shoulder: ['Reaching a high shelf', 'Putting on a jacket', 'Sleeping on my side'],
  ankle: ['Walking on uneven ground', 'Going down stairs', 'Standing at work'],
  balance: ['Walking without holding on', 'Getting in and out of the shower', 'Turning around in the kitchen'],
};

type Plan = { measure: PatientFillableMeasure; repeatWeeks: number | null; fills: boolean };

/**
 * Which onboarded patients are asked to fill a measure in (decision 1360), by their place in the list: NPRS every 2
 * weeks filled in so far; PSFS every 4 weeks filled in so far; PSFS once, due today and not filled yet; none for the
 * rest. The patients who sign in to the demo are left without, so the journeys that use them start from a clean Today.
 */
function planOf(patient: MeasurePatient): Plan | null {
  if (patient.status !== 'onboarded') return null;
  switch (patient.ordinal % 5) {
    case 0:
      return { measure: 'nprs', repeatWeeks: 2, fills: true };
    case 1:
      return { measure: 'psfs', repeatWeeks: 4, fills: true };
    case 2:
      return { measure: 'psfs', repeatWeeks: null, fills: false };
    default:
      return null;
  }
}

/** An answer the patient gives at the `k`th fill: pain easing, activities getting easier. */
function answersAt(measure: PatientFillableMeasure, k: number, patient: MeasurePatient) {
  if (measure === 'nprs') return [Math.max(1, 7 - k - (patient.ordinal % 2))];
  return [2, 3, 4].map((start, i) => Math.min(10, start + k * 2 + ((patient.ordinal + i) % 2)));
}

/** Assignments of some demo patients, with the entries they filled in themselves on their due days up to today. */
export async function seedMeasureAssignments(tx: Tx, all: MeasurePatient[]) {
  const planned = all.map((patient) => ({ patient, plan: planOf(patient) })).filter((p) => p.plan !== null);
  if (planned.length === 0) return;
  const ids = planned.map((p) => p.patient.id);
  const users = new Map(
    (await tx.select({ id: patients.id, userId: patients.userId }).from(patients).where(inArray(patients.id, ids))).map(
      (row) => [row.id, row.userId],
    ),
  );
  const entries: (typeof functionalEntries.$inferInsert)[] = [];
  for (const { patient, plan } of planned as { patient: MeasurePatient; plan: Plan }[]) {
    const measure = measures[plan.measure];
    // An onboarded patient's last day is today in the clinic's calendar.
    const today = patient.lastDay;
    // Asked from the second week of the episode, or today for a patient who started this week.
    const startsOn = daysBetween(patient.startDay, today) > 7 ? addDays(patient.startDay, 7) : today;
    const dues: string[] = [];
    if (plan.fills && plan.repeatWeeks !== null) {
      for (let day = startsOn; day < today; day = addDays(day, 7 * plan.repeatWeeks)) dues.push(day);
    }
    const lastDue = dues.at(-1);
    const nextDueOn = lastDue ? nextDueAfter(lastDue, plan.repeatWeeks, lastDue) : startsOn;
    const [assignment] = await tx
      .insert(measureAssignments)
      .values({
        clinicId: patient.clinicId,
        patientId: patient.id,
        measure: plan.measure,
        repeatWeeks: plan.repeatWeeks,
        startsOn,
        nextDueOn,
        lastFilledOn: lastDue ?? null,
        createdBy: patient.therapistId,
        createdAt: atLocalTime(startsOn, 10 * 60, patient.timezone),
      })
      .returning({ id: measureAssignments.id });
    if (dues.length === 0) continue;
    const [found] = await tx
      .select({ id: functionalMeasures.id })
      .from(functionalMeasures)
      .where(and(eq(functionalMeasures.patientId, patient.id), eq(functionalMeasures.datatypeId, measure.datatypeId)));
    const seriesId =
      found?.id ??
      (
        await tx
          .insert(functionalMeasures)
          .values({
            clinicId: patient.clinicId,
            patientId: patient.id,
            datatypeId: measure.datatypeId,
            name: measure.name,
            unit: measure.unit,
            createdBy: patient.therapistId,
            createdAt: atLocalTime(startsOn, 10 * 60, patient.timezone),
          })
          .returning({ id: functionalMeasures.id })
      )[0]!.id;
    for (const [k, day] of dues.entries()) {
      const answers = answersAt(plan.measure, k, patient);
      const scored = scoreMeasure(plan.measure, answers);
      if (!scored.ok) continue;
      const at = atLocalTime(day, 19 * 60 + (patient.ordinal % 60), patient.timezone);
      entries.push({
        measureId: seriesId,
        clinicId: patient.clinicId,
        patientId: patient.id,
        date: day,
        answers,
        activities: plan.measure === 'psfs' ? activitiesOf[patient.region] : null,
        score: scored.score,
        scoringVersion: scored.scoringVersion,
        enteredBy: 'patient',
        assignmentId: assignment!.id,
        clientId: `demo-${assignment!.id}-${k}`,
        createdBy: users.get(patient.id) ?? null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  await insertMany(tx, functionalEntries, entries);
}
