import type { InteractionLog, MonitoringCode, MonitoringEndReason } from '@rehabit/contract';
import { and, count, eq, gte, inArray, isNull, lt, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, interactionLogs, monitoringSessions, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

export type MonitoringSessionRow = typeof monitoringSessions.$inferSelect;

export type NewMonitoringSession = { clinicId: number; patientId: number; userId: number; now: Date };

/** What a heart-beat or an end changes: the counted seconds, the last beat, and the end when there is one. */
export type MonitoringSessionChanges = {
  seconds: number;
  lastBeatAt?: Date;
  context?: MonitoringCode;
  endedAt?: Date;
  endReason?: MonitoringEndReason;
};

/** What a month's minutes read of one session: whose, by whom, when it began (and where), and its seconds so far. */
export type CountedSession = { patientId: number; userId: number; startedAt: Date; timezone: string; seconds: number };

/** Logged calls of one patient by one staff member (null: the account is gone): how many and their minutes. */
export type LoggedCalls = { patientId: number; userId: number | null; calls: number; minutes: number };

/** The rows of one clinic in a span, optionally of one patient. */
type ClinicSpan<T> = { clinicId: number; patientId?: number; from: T; to: T };

export function createMonitoringRepository(db: DbOrTx) {
  return {
    /** Holds the staff user's row until the transaction ends, so one user's starts happen one at a time. */
    async lockUser(userId: number) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** The user's open session, held until the transaction ends. */
    async findOpenForUpdate(userId: number): Promise<MonitoringSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoringSessions)
        .where(and(eq(monitoringSessions.userId, userId), isNull(monitoringSessions.endedAt)))
        .for('update');
      return row;
    },

    /** A session of this user in the scope, held until the transaction ends; anyone else's is not found. */
    async findOwnForUpdate(id: number, userId: number, scope: ClinicScope): Promise<MonitoringSessionRow | undefined> {
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

    async insert(session: NewMonitoringSession): Promise<MonitoringSessionRow> {
      const [row] = await db
        .insert(monitoringSessions)
        .values({
          clinicId: session.clinicId,
          patientId: session.patientId,
          userId: session.userId,
          startedAt: session.now,
          lastBeatAt: session.now,
          seconds: 0,
        })
        .returning();
      return row!;
    },

    async update(id: number, changes: MonitoringSessionChanges): Promise<MonitoringSessionRow> {
      const [row] = await db.update(monitoringSessions).set(changes).where(eq(monitoringSessions.id, id)).returning();
      return row!;
    },

    /**
     * The clinic's sessions started in `[from, to)` (open ones with what they counted so far), each with the clinic's
     * timezone, so the caller can place it in the clinic's calendar.
     */
    async sessionsStartedIn(span: ClinicSpan<Date>): Promise<CountedSession[]> {
      return db
        .select({
          patientId: monitoringSessions.patientId,
          userId: monitoringSessions.userId,
          startedAt: monitoringSessions.startedAt,
          timezone: clinics.timezone,
          seconds: monitoringSessions.seconds,
        })
        .from(monitoringSessions)
        .innerJoin(clinics, eq(clinics.id, monitoringSessions.clinicId))
        .where(
          and(
            eq(monitoringSessions.clinicId, span.clinicId),
            span.patientId === undefined ? undefined : eq(monitoringSessions.patientId, span.patientId),
            gte(monitoringSessions.startedAt, span.from),
            lt(monitoringSessions.startedAt, span.to),
          ),
        );
    },

    /**
     * The clinic's logged calls of the given kinds dated in `[from, to)` (calendar days), deleted ones left out, summed
     * per patient and per staff member who logged them.
     */
    async callsLoggedIn(
      span: ClinicSpan<string> & { kinds: readonly InteractionLog['kind'][] },
    ): Promise<LoggedCalls[]> {
      const rows = await db
        .select({
          patientId: interactionLogs.patientId,
          userId: interactionLogs.createdBy,
          calls: count(),
          minutes: sum(interactionLogs.minutes).mapWith(Number),
        })
        .from(interactionLogs)
        .where(
          and(
            eq(interactionLogs.clinicId, span.clinicId),
            span.patientId === undefined ? undefined : eq(interactionLogs.patientId, span.patientId),
            inArray(interactionLogs.kind, [...span.kinds]),
            gte(interactionLogs.date, span.from),
            lt(interactionLogs.date, span.to),
            isNull(interactionLogs.deletedAt),
          ),
        )
        .groupBy(interactionLogs.patientId, interactionLogs.createdBy);
      return rows.map((row) => ({ ...row, minutes: row.minutes ?? 0 }));
    },
  };
}
