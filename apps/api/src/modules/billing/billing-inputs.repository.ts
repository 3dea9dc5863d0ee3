import type { BillingEventKind } from '@rehabit/contract';
import { and, eq, gte, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { dataDaySources } from '../../db/data-days.ts';
import { runPreparedSql } from '../../db/prepared.ts';
import {
  clinics,
  exerciseLogs,
  functionalEntries,
  healthMetrics,
  interactionLogs,
  monitoringSessions,
  patientEpisodes,
  patients,
} from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

/** Instants `[from, to)` and calendar days `[fromDay, toDay)` around what billing reads. */
export type InputSpan = {
  patientIds?: number[];
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
};

const ofPatients = (column: AnyPgColumn, ids?: number[]) => (ids ? inArray(column, ids) : sql`true`);

/**
 * The rows billing reads: each a plain list, of the clinic of the scope it is built with (decision 1340), whose
 * calendar its days are counted on. Data days are read one per patient, kind and calendar day (the earliest record
 * of the day stands for it); sessions and calls only inside the span.
 */
export function createBillingInputsRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /** The clinic's timezone, whose calendar days billing counts. */
    async timezoneOf() {
      const [row] = await db
        .select({ timezone: clinics.timezone })
        .from(clinics)
        .where(eq(clinics.id, clinicIdOf(scope)));
      return row?.timezone ?? null;
    },

    /** Patients with an episode still open at `from` or started before `to`, with coverage and consent. */
    episodesIn({ patientIds, from, to }: InputSpan) {
      return db
        .select({
          patientId: patientEpisodes.patientId,
          startedAt: patientEpisodes.startedAt,
          endedAt: patientEpisodes.endedAt,
          therapistId: patientEpisodes.therapistId,
          diagnosis: patientEpisodes.diagnosis,
          isCovered: patients.isRtmCovered,
          consentDate: patients.consentDate,
        })
        .from(patientEpisodes)
        .innerJoin(patients, eq(patients.id, patientEpisodes.patientId))
        .where(
          and(
            inScope(patientEpisodes.clinicId, scope),
            inScope(patients.clinicId, scope),
            ofPatients(patients.id, patientIds),
            lt(patientEpisodes.startedAt, to),
            or(isNull(patientEpisodes.endedAt), gte(patientEpisodes.endedAt, from)),
          ),
        )
        .orderBy(patientEpisodes.patientId, patientEpisodes.startedAt);
    },

    exerciseDays({ patientIds, toDay }: InputSpan, firstDay: string) {
      return db
        .select({ patientId: exerciseLogs.patientId, at: min(exerciseLogs.performedAt) })
        .from(exerciseLogs)
        .where(
          and(
            inScope(exerciseLogs.clinicId, scope),
            ofPatients(exerciseLogs.patientId, patientIds),
            gte(exerciseLogs.localDate, firstDay),
            lt(exerciseLogs.localDate, toDay),
          ),
        )
        .groupBy(exerciseLogs.patientId, exerciseLogs.localDate);
    },

    metricDays({ patientIds, toDay }: InputSpan, firstDay: string) {
      return db
        .select({ patientId: healthMetrics.patientId, kind: healthMetrics.kind, at: min(healthMetrics.measuredAt) })
        .from(healthMetrics)
        .where(
          and(
            inScope(healthMetrics.clinicId, scope),
            ofPatients(healthMetrics.patientId, patientIds),
            dataDaySources.metric.counts,
            gte(healthMetrics.localDate, firstDay),
            lt(healthMetrics.localDate, toDay),
          ),
        )
        .groupBy(healthMetrics.patientId, healthMetrics.kind, healthMetrics.localDate);
    },

    outcomeDays({ patientIds, toDay }: InputSpan, firstDay: string) {
      return db
        .selectDistinct({ patientId: functionalEntries.patientId, date: functionalEntries.date })
        .from(functionalEntries)
        .where(
          and(
            inScope(functionalEntries.clinicId, scope),
            ofPatients(functionalEntries.patientId, patientIds),
            dataDaySources.outcome.counts,
            gte(functionalEntries.date, firstDay),
            lt(functionalEntries.date, toDay),
          ),
        );
    },

    /**
     * One row per patient and data day from each patient's own first day (`from`, one per patient) until `toDay`,
     * all sources together: the earliest instant of the day (an outcome entry's is the clinic's midday), its day
     * counted in the clinic's timezone as the billing rules count it, with a kind of that day's. What a status of
     * today reads (decision 0903). Each source is read patient by patient through its (patient, day) index (a
     * lateral read kept apart by `offset 0`), so the work grows with the patients asked for and their days, never
     * with the clinic's whole history; one statement, planned once per connection (decision 1165).
     */
    async dataDaysFrom(timezone: string, from: { patientId: number; day: string }[], toDay: string) {
      if (from.length === 0) return [];
      // One clinic always, as a value: the prepared statement's text never changes.
      const clinicId = clinicIdOf(scope);
      const ids = `{${from.map((f) => f.patientId).join(',')}}`;
      const days = `{${from.map((f) => f.day).join(',')}}`;
      const firsts = Object.values(dataDaySources).map(
        (s) => sql`
          select since.patient_id, min(${s.kind}) as kind,
            min(${s.at ?? sql`(${s.day} + time '12:00') at time zone ${timezone}`}) as at
          from since cross join lateral (
            select * from ${s.table}
            where ${s.patientId} = since.patient_id and ${s.clinicId} = ${clinicId} and ${s.counts}
              and ${s.day} >= since.from_day and ${s.day} < ${toDay}
            offset 0) as ${s.table}
          group by since.patient_id, ${s.day}`,
      );
      const rows = await runPreparedSql<{ patient_id: number; kind: BillingEventKind; at: string }>(
        db,
        'billing_data_days_from',
        sql`
        with since as (select * from unnest(${ids}::int[], ${days}::date[]) as since(patient_id, from_day)),
          firsts as (${sql.join(firsts, sql` union all `)})
        select patient_id, min(kind) as kind, to_char(min(at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from firsts group by patient_id, (at at time zone ${timezone})::date`,
      );
      return rows.map((row) => ({ patientId: Number(row.patient_id), kind: row.kind, at: row.at }));
    },

    sessionsIn({ patientIds, from, to }: InputSpan) {
      return db
        .select({
          patientId: monitoringSessions.patientId,
          userId: monitoringSessions.userId,
          startedAt: monitoringSessions.startedAt,
          seconds: monitoringSessions.seconds,
        })
        .from(monitoringSessions)
        .where(
          and(
            inScope(monitoringSessions.clinicId, scope),
            ofPatients(monitoringSessions.patientId, patientIds),
            gte(monitoringSessions.startedAt, from),
            lt(monitoringSessions.startedAt, to),
          ),
        );
    },

    /** Live calls (phone or video; deleted logs left out) of the span's days. */
    callsIn({ patientIds, fromDay, toDay }: InputSpan) {
      return db
        .select({
          patientId: interactionLogs.patientId,
          date: interactionLogs.date,
          minutes: interactionLogs.minutes,
          kind: interactionLogs.kind,
          userId: interactionLogs.createdBy,
        })
        .from(interactionLogs)
        .where(
          and(
            inScope(interactionLogs.clinicId, scope),
            ofPatients(interactionLogs.patientId, patientIds),
            isNull(interactionLogs.deletedAt),
            inArray(interactionLogs.kind, ['phone', 'video']),
            gte(interactionLogs.date, fromDay),
            lt(interactionLogs.date, toDay),
          ),
        );
    },
  };
}
