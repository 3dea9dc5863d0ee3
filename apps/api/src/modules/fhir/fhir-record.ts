import { addDays, localDateOf } from '@rehabit/contract';
import type { Data } from '../data-access.ts';
import { buildProgress } from '../patient-data/progress.ts';
import type { FhirPatientRow } from './fhir.repository.ts';
import type { FiledBillingRow } from './fhir-charges.ts';
import type { AdherenceDay, PatientRecord } from './fhir-mapping.ts';

const DAY_MS = 86_400_000;

/** Calendar days `YYYY-MM-DD` from `first` to `last`, both included. */
export type DaySpan = { first: string; last: string };

/** The staff a record names: the patient's therapist, who made each call, who rendered each billed code. */
export function staffNamedBy({ patient, calls, charges }: Pick<PatientRecord, 'patient' | 'calls' | 'charges'>) {
  const ids = [
    patient.therapistId,
    ...calls.map((call) => call.staffId),
    ...charges.map((filed) => filed.row.therapist?.id ?? null),
  ];
  return new Set(ids.filter((id): id is number => id !== null));
}

/**
 * The patient's exercise days from registration to today (or the discharge), kept to `within` when given, each with
 * the sessions the program asked for and those done, counted as the progress screen counts them; days the program
 * asked for nothing are left out.
 */
async function adherenceOf(data: Data, patient: FhirPatientRow, now: Date, within?: DaySpan): Promise<AdherenceDay[]> {
  const { timezone } = patient.clinic;
  const today = localDateOf(now, timezone);
  const ended = patient.status === 'discharged' && patient.episode?.endedAt;
  const lasts = [today, ...(ended ? [localDateOf(ended, timezone)] : []), ...(within ? [within.last] : [])];
  const firsts = [localDateOf(patient.createdAt, timezone), ...(within ? [within.first] : [])];
  const last = lasts.sort()[0]!;
  const first = firsts.sort().at(-1)!;
  if (first > last) return [];
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  // A day either side in UTC covers the days' instants in any timezone.
  const after = new Date(Date.parse(`${first}T00:00:00Z`) - DAY_MS);
  const before = new Date(Date.parse(`${addDays(last, 1)}T00:00:00Z`) + DAY_MS);
  const week = await data.progress.weekData(patient.id, first, last, after, before);
  const progress = buildProgress({ patientId: patient.id, weeksAgo: 0, timezone, today, days, data: week, streak: 0 });
  return progress.days
    .filter((day) => day.assigned > 0)
    .map((day) => ({ date: day.date, assigned: day.assigned, done: day.done, engagement: day.engagement ?? 0 }));
}

/**
 * A patient's whole record as the FHIR mapping takes it (decision 1425), read through a data access whose scope holds
 * the patient, as it stands at `now`; undefined if the patient is not seen there. The per-patient Bundle, the read
 * API and the clinic's bulk export all read it here. The export asks for the exercise days of its month alone
 * (`within`) rather than every day since registration, and hands over the month's filed rows it read once
 * (`charges`) rather than searching every closed month's figures for each patient.
 */
export async function readPatientRecord(
  data: Data,
  patientId: number,
  now: Date,
  { within, charges: givenCharges }: { within?: DaySpan; charges?: FiledBillingRow[] } = {},
): Promise<PatientRecord | undefined> {
  const patient = await data.fhir.patient(patientId);
  if (!patient) return undefined;
  const [program, readings, measures, calls, charges, adherence] = await Promise.all([
    // The program as the program screens read it (the hep repository), in its order.
    data.hep.listActive(patientId),
    data.fhir.readings(patientId),
    data.fhir.measureResults(patientId),
    data.fhir.calls(patientId),
    givenCharges ?? data.fhir.filedBillingRows(patientId),
    adherenceOf(data, patient, now, within),
  ]);
  const staff = await data.fhir.staff([...staffNamedBy({ patient, calls, charges })]);
  return { patient, program, readings, measures, calls, charges, staff, adherence };
}
