import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { exerciseLogs, functionalEntries, healthMetrics } from './schema.ts';

// A data day (decisions 0800 and 1200), written once: a calendar day of the clinic on which the
// patient sent data: an exercise logged done, a pain rating, synced steps or distance, or an outcome measure the
// patient filled in themself. What staff enter never makes one, whatever it records. Billing reads the days of its
// span from these sources; the patient list asks whether a patient has one in the last days (`data=quiet`).

/** Health readings that make a data day, by their stored kind, with the billing rules' kind of each. */
export const DATA_DAY_METRICS = { painlevel: 'pain', steps: 'steps', distance: 'distance' } as const;

/**
 * Each source of data days: its table's patient, clinic and calendar-day columns, which of its rows count, and the
 * instant of a row (none for an outcome entry, which has only its day), and its kind as the billing rules name it.
 */
export const dataDaySources = {
  exercise: {
    table: exerciseLogs,
    patientId: exerciseLogs.patientId,
    clinicId: exerciseLogs.clinicId,
    day: exerciseLogs.localDate,
    at: exerciseLogs.performedAt,
    kind: sql`'exercise'`,
    counts: sql`true`,
  },
  metric: {
    table: healthMetrics,
    patientId: healthMetrics.patientId,
    clinicId: healthMetrics.clinicId,
    day: healthMetrics.localDate,
    at: healthMetrics.measuredAt,
    kind: sql`case ${sql.join(
      Object.entries(DATA_DAY_METRICS).map(
        ([stored, kind]) => sql`when ${healthMetrics.kind} = ${stored} then ${kind}`,
      ),
      sql` `,
    )} end`,
    counts: inArray(healthMetrics.kind, Object.keys(DATA_DAY_METRICS)),
  },
  outcome: {
    table: functionalEntries,
    patientId: functionalEntries.patientId,
    clinicId: functionalEntries.clinicId,
    day: functionalEntries.date,
    at: null,
    kind: sql`'prom'`,
    counts: eq(functionalEntries.enteredBy, 'patient'),
  },
} as const;

/**
 * Whether the patient of `patientId` in the clinic of `clinicId` (columns of the outer query's patient row) has a
 * data day in `[fromDay, toDay)`, each an SQL date. Each source is asked through its (patient, day) index, and only
 * its rows of the patient's clinic count: another clinic's row naming the patient is none of theirs (decision 1340).
 */
export const hasDataDayIn = (patientId: AnyPgColumn, clinicId: AnyPgColumn, fromDay: SQL, toDay: SQL): SQL => {
  const exists = Object.values(dataDaySources).map(
    (s) => sql`exists (
      select 1 from ${s.table}
      where ${s.patientId} = ${patientId} and ${s.clinicId} = ${clinicId} and ${s.counts}
        and ${s.day} >= ${fromDay} and ${s.day} < ${toDay})`,
  );
  return sql`(${sql.join(exists, sql` or `)})`;
};
