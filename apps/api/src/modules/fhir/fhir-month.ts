import { addDays, lastDayOfMonth } from '@rehabit/contract';
import { startOfDayIn } from '../../lib/calendar.ts';
import { type FhirResource, type PatientRecord, resourcesOf } from './fhir-mapping.ts';
import { staffNamedBy } from './fhir-record.ts';

// A clinic month's share of the FHIR mapping, for the bulk export (decision 1440): pure, like the mapping.

/** A clinic's calendar month: `YYYY-MM`, and the instants it runs over on the clinic's clocks, `[start, end)`. */
export type MonthSpan = { month: string; start: Date; end: Date };

export function monthSpanOf(month: string, timezone: string): MonthSpan {
  return {
    month,
    start: startOfDayIn(`${month}-01`, timezone),
    end: startOfDayIn(addDays(lastDayOfMonth(month), 1), timezone),
  };
}

const within = (instant: Date, span: MonthSpan) => instant >= span.start && instant < span.end;

/**
 * A patient's record as far as a month goes: the readings sent, the calls started and the exercise days in it, the
 * outcome measures dated in it (a measure's date is the clinic's calendar day), and the month's billed codes as filed
 * (decision 1450). The patient, their diagnosis and program are the record's as it stands; the staff are those the
 * month's resources name.
 */
export function recordOfMonth(record: PatientRecord, span: MonthSpan): PatientRecord {
  const inMonth = (day: string) => day.startsWith(`${span.month}-`);
  const calls = record.calls.filter((call) => within(call.startedAt, span));
  const charges = record.charges.filter((filed) => filed.month === span.month);
  const named = staffNamedBy({ patient: record.patient, calls, charges });
  return {
    ...record,
    readings: record.readings.filter((reading) => within(reading.measuredAt, span)),
    measures: record.measures.filter((entry) => inMonth(entry.date)),
    adherence: record.adherence.filter((day) => inMonth(day.date)),
    calls,
    charges,
    staff: record.staff.filter((staff) => named.has(staff.id)),
  };
}

/** The FHIR resources of a patient's month, the patient first. */
export const resourcesOfMonth = (record: PatientRecord, span: MonthSpan): FhirResource[] =>
  resourcesOf(recordOfMonth(record, span));

/** One resource type's file of a bulk export: NDJSON, one resource a line, each resource once. */
export type NdjsonFile = { type: string; name: string; count: number; content: string };

/**
 * The files of a bulk export as resources are added: one per resource type in the order the types first come, and a
 * resource named by several patients (the clinic, a therapist) written once.
 */
export function createNdjsonFiles() {
  const byType = new Map<string, Map<string, FhirResource>>();
  return {
    add(resources: FhirResource[]) {
      for (const resource of resources) {
        const ofType = byType.get(resource.resourceType) ?? new Map<string, FhirResource>();
        byType.set(resource.resourceType, ofType);
        if (!ofType.has(resource.id ?? '')) ofType.set(resource.id ?? '', resource);
      }
    },
    files: (): NdjsonFile[] =>
      [...byType].map(([type, resources]) => ({
        type,
        name: `${type}.ndjson`,
        count: resources.size,
        content: [...resources.values()].map((resource) => `${JSON.stringify(resource)}\n`).join(''),
      })),
  };
}

/** How many resources of each type the files hold, for the audit and the export's state. */
export const countsOfFiles = (files: Pick<NdjsonFile, 'type' | 'count'>[]): Record<string, number> =>
  Object.fromEntries(files.map((file) => [file.type, file.count]));
