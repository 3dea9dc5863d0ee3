import type { InteractionLog, MonitoringCode, MonitoringEndReason } from '@rehabit/contract';
import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { clinics, interactionLogs, monitoringSessions, patients, users, videoVisits } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';

export type MonitoringSessionRow = typeof monitoringSessions.$inferSelect;

export type NewMonitoringSession = {
  patientId: number;
  userId: number;
  now: Date;
  context?: MonitoringCode | null;
};

/** What a heart-beat or an end changes: the counted seconds, the last beat, and the end when there is one. */
export type MonitoringSessionChanges = {
  seconds: number;
  lastBeatAt?: Date;
  context?: MonitoringCode;
  endedAt?: Date;
  endReason?: MonitoringEndReason;
};

/**
 * What a month's minutes read of one session: whose, by whom, when it began (and the clinic's timezone there), its
 * seconds so far, and what an export shows of it (its end, its context, the end's reason).
 */
export type CountedSession = {
  id: number;
  patientId: number;
  userId: number;
  staffName: string;
  startedAt: Date;
  endedAt: Date | null;
  timezone: string;
  seconds: number;
  context: MonitoringCode | null;
  endReason: MonitoringEndReason | null;
};

/** One logged call: whose, by whom (null: the account is gone), its day, kind and minutes. */
export type LoggedCall = {
  id: number;
  patientId: number;
  userId: number | null;
  staffName: string | null;
  date: string;
  kind: InteractionLog['kind'];
  minutes: number;
  /** The clinic's timezone, where the call's times are read. */
  timezone: string;
  /** The video visit the call was measured from (decision 1375): when both sides were first and last connected. */
  visit: { from: Date; until: Date } | null;
};

/** The scope's rows in a span, optionally of one patient. */
type ClinicSpan<T> = { patientId?: number; from: T; to: T };

/**
 * Monitoring sessions and what a month's minutes read. Every query keeps to the scope, and a session is written into
 * the scope's one clinic (decision 1340).
 */
export function createMonitoringRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /**
     * Holds the staff user's row until the transaction ends, so one user's starts happen one at a time; answers
     * whether the scope has the user.
     */
    async lockUser(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), inScope(users.clinicId, scope)))
        .for('update');
      return rows.length > 0;
    },

    /** The user's open session in the scope, held until the transaction ends. */
    async findOpenForUpdate(userId: number): Promise<MonitoringSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoringSessions)
        .where(
          and(
            eq(monitoringSessions.userId, userId),
            inScope(monitoringSessions.clinicId, scope),
            isNull(monitoringSessions.endedAt),
          ),
        )
        .for('update');
      return row;
    },

    /** A session of this user in the scope, held until the transaction ends; anyone else's is not found. */
    async findOwnForUpdate(id: number, userId: number): Promise<MonitoringSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoringSessions)
        .where(
          and(
            eq(monitoringSessions.id, id),
            eq(monitoringSessions.userId, userId),
            inScope(monitoringSessions.clinicId, scope),
          ),
        )
        .for('update');
      return row;
    },

    /** The patient's open sessions in the scope, held until the transaction ends (so no heart-beat slips in). */
    async openOnPatientForUpdate(patientId: number) {
      return db
        .select()
        .from(monitoringSessions)
        .where(
          and(
            eq(monitoringSessions.patientId, patientId),
            inScope(monitoringSessions.clinicId, scope),
            isNull(monitoringSessions.endedAt),
          ),
        )
        .orderBy(monitoringSessions.id)
        .for('update');
    },

    /** A session started in the scope's clinic; refused (not found) on a patient of another clinic (decision 1340). */
    async insert(session: NewMonitoringSession): Promise<MonitoringSessionRow> {
      if (!(await allPatientsInScope(db, scope, [session.patientId]))) throw notFound('patient');
      const [row] = await db
        .insert(monitoringSessions)
        .values({
          clinicId: clinicIdOf(scope),
          patientId: session.patientId,
          userId: session.userId,
          startedAt: session.now,
          lastBeatAt: session.now,
          seconds: 0,
          context: session.context ?? null,
        })
        .returning();
      return row!;
    },

    /** Changes a session of the scope; answers it changed, or undefined for a session out of the scope. */
    async update(id: number, changes: MonitoringSessionChanges): Promise<MonitoringSessionRow | undefined> {
      const [row] = await db
        .update(monitoringSessions)
        .set(changes)
        .where(and(eq(monitoringSessions.id, id), inScope(monitoringSessions.clinicId, scope)))
        .returning();
      return row;
    },

    /**
     * The scope's sessions started in `[from, to)` (open ones with what they counted so far), each with the clinic's
     * timezone, so the caller can place it in the clinic's calendar.
     */
    async sessionsStartedIn(span: ClinicSpan<Date>): Promise<CountedSession[]> {
      const rows = await db
        .select({
          id: monitoringSessions.id,
          patientId: monitoringSessions.patientId,
          userId: monitoringSessions.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          startedAt: monitoringSessions.startedAt,
          endedAt: monitoringSessions.endedAt,
          timezone: clinics.timezone,
          seconds: monitoringSessions.seconds,
          context: monitoringSessions.context,
          endReason: monitoringSessions.endReason,
        })
        .from(monitoringSessions)
        .innerJoin(clinics, eq(clinics.id, monitoringSessions.clinicId))
        .innerJoin(users, eq(users.id, monitoringSessions.userId))
        .where(
          and(
            inScope(monitoringSessions.clinicId, scope),
            span.patientId === undefined ? undefined : eq(monitoringSessions.patientId, span.patientId),
            gte(monitoringSessions.startedAt, span.from),
            lt(monitoringSessions.startedAt, span.to),
          ),
        );
      return rows.map(({ firstName, lastName, ...row }) => ({ ...row, staffName: `${firstName} ${lastName}`.trim() }));
    },

    /**
     * The scope's logged calls of the given kinds dated in `[from, to)` (calendar days), deleted ones left out, each
     * with the staff member who logged it.
     */
    async callsLoggedIn(
      span: ClinicSpan<string> & { kinds: readonly InteractionLog['kind'][] },
    ): Promise<LoggedCall[]> {
      const rows = await db
        .select({
          id: interactionLogs.id,
          patientId: interactionLogs.patientId,
          userId: interactionLogs.createdBy,
          firstName: users.firstName,
          lastName: users.lastName,
          date: interactionLogs.date,
          kind: interactionLogs.kind,
          minutes: interactionLogs.minutes,
          timezone: clinics.timezone,
          visitFrom: videoVisits.connectedFrom,
          visitUntil: videoVisits.connectedUntil,
        })
        .from(interactionLogs)
        .innerJoin(clinics, eq(clinics.id, interactionLogs.clinicId))
        .leftJoin(users, eq(users.id, interactionLogs.createdBy))
        .leftJoin(videoVisits, eq(videoVisits.interactionLogId, interactionLogs.id))
        .where(
          and(
            inScope(interactionLogs.clinicId, scope),
            span.patientId === undefined ? undefined : eq(interactionLogs.patientId, span.patientId),
            inArray(interactionLogs.kind, [...span.kinds]),
            gte(interactionLogs.date, span.from),
            lt(interactionLogs.date, span.to),
            isNull(interactionLogs.deletedAt),
          ),
        );
      return rows.map(({ firstName, lastName, visitFrom, visitUntil, ...row }) => ({
        ...row,
        staffName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
        visit: visitFrom && visitUntil ? { from: visitFrom, until: visitUntil } : null,
      }));
    },

    /** The scope's clinic's timezone, where its calendar months are counted. */
    async clinicTimezone(): Promise<string | undefined> {
      const [row] = await db
        .select({ timezone: clinics.timezone })
        .from(clinics)
        .where(eq(clinics.id, clinicIdOf(scope)));
      return row?.timezone;
    },

    /**
     * Names of the scope's patients among `ids`, removed ones included: an export of a past month names every
     * patient whose minutes it counts.
     */
    async patientNames(ids: readonly number[]): Promise<{ id: number; name: string }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName })
        .from(patients)
        .where(and(inScope(patients.clinicId, scope), inArray(patients.id, [...ids])));
      return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
    },
  };
}
