import type { BillingEventKind } from '@rehabit/contract';
import { and, eq, gte, lt, min, sql } from 'drizzle-orm';
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

/** The patients asked for, as one array value: a prepared statement's text is the same for any number of them. */
const ofPatients = (column: AnyPgColumn, ids?: number[]) =>
  ids ? sql`${column} = any(${`{${ids.join(',')}}`}::int[])` : sql`true`;

/** The span's rows as the statement of `spanOf` aggregates them (JSON: instants as text). */
type SpanRow = {
  episodes: {
    patient_id: number;
    started_at: string;
    ended_at: string | null;
    therapist_id: number | null;
    diagnosis: string;
    is_covered: boolean;
    consent_date: string | null;
  }[];
  sessions: { patient_id: number; user_id: number; started_at: string; seconds: number }[];
  calls: { patient_id: number; date: string; minutes: number; kind: 'phone' | 'video'; user_id: number | null }[];
};

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

    /**
     * The span's episodes, monitored sessions and live calls in one statement, planned once per connection: patients
     * with an episode still open at `from` or started before `to` (with coverage and consent); the sessions started
     * in `[from, to)`; the live calls (phone or video, deleted logs left out) of the days `[fromDay, toDay)`.
     */
    async spanOf({ patientIds, from, to, fromDay, toDay }: InputSpan) {
      const clinicId = clinicIdOf(scope);
      const e = patientEpisodes;
      const m = monitoringSessions;
      const l = interactionLogs;
      const [row] = await runPreparedSql<SpanRow>(
        db,
        patientIds ? 'billing_span_of_patients' : 'billing_span_of_clinic',
        sql`select
          (select coalesce(json_agg(r order by r.patient_id, r.started_at), '[]') from (
            select ${e.patientId} as patient_id, ${e.startedAt} as started_at, ${e.endedAt} as ended_at,
              ${e.therapistId} as therapist_id, ${e.diagnosis} as diagnosis, ${patients.isRtmCovered} as is_covered,
              ${patients.consentDate} as consent_date
            from ${e} join ${patients} on ${patients.id} = ${e.patientId}
            where ${e.clinicId} = ${clinicId} and ${patients.clinicId} = ${clinicId} and ${ofPatients(patients.id, patientIds)}
              and ${e.startedAt} < ${to} and (${e.endedAt} is null or ${e.endedAt} >= ${from})) r) as episodes,
          (select coalesce(json_agg(r), '[]') from (
            select ${m.patientId} as patient_id, ${m.userId} as user_id, ${m.startedAt} as started_at, ${m.seconds} as seconds
            from ${m}
            where ${m.clinicId} = ${clinicId} and ${ofPatients(m.patientId, patientIds)}
              and ${m.startedAt} >= ${from} and ${m.startedAt} < ${to}) r) as sessions,
          (select coalesce(json_agg(r), '[]') from (
            select ${l.patientId} as patient_id, ${l.date} as date, ${l.minutes} as minutes, ${l.kind} as kind,
              ${l.createdBy} as user_id
            from ${l}
            where ${l.clinicId} = ${clinicId} and ${ofPatients(l.patientId, patientIds)} and ${l.deletedAt} is null
              and ${l.kind} in ('phone', 'video') and ${l.date} >= ${fromDay} and ${l.date} < ${toDay}) r) as calls`,
      );
      const { episodes, sessions, calls } = row!;
      return {
        episodes: episodes.map((r) => ({
          patientId: r.patient_id,
          startedAt: new Date(r.started_at),
          endedAt: r.ended_at === null ? null : new Date(r.ended_at),
          therapistId: r.therapist_id,
          diagnosis: r.diagnosis,
          isCovered: r.is_covered,
          consentDate: r.consent_date,
        })),
        sessions: sessions.map((r) => ({
          patientId: r.patient_id,
          userId: r.user_id,
          startedAt: new Date(r.started_at),
          seconds: r.seconds,
        })),
        calls: calls.map((r) => ({
          patientId: r.patient_id,
          date: r.date,
          minutes: r.minutes,
          kind: r.kind,
          userId: r.user_id,
        })),
      };
    },
  };
}
