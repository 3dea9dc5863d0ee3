import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, interactionLogs, patientEpisodes, patients, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

/** A span of a clinician's time already given to a patient. */
export type BusySpan = { kind: 'call'; patientId: number; start: Date; end: Date };

const DAY_MS = 86_400_000;

/**
 * Every kind of timed work with a patient that takes a clinician's whole attention, each answering the clinician's
 * spans that overlap [from, to). This list is the one place such work is named: a later kind (video visits) joins
 * it and is at once kept from overlapping calls, and calls from overlapping it (decision 1281).
 */
const busySources = [
  // Live calls; a deleted call frees its time. No call runs past its day, so none started a day before `from`.
  async (db: DbOrTx, scope: ClinicScope, userId: number, from: Date, to: Date): Promise<BusySpan[]> => {
    const end = sql<Date>`${interactionLogs.startedAt} + ${interactionLogs.minutes} * interval '1 minute'`;
    const rows = await db
      .select({
        patientId: interactionLogs.patientId,
        start: interactionLogs.startedAt,
        end: end.mapWith((v) => new Date(v)),
      })
      .from(interactionLogs)
      .where(
        and(
          eq(interactionLogs.createdBy, userId),
          inScope(interactionLogs.clinicId, scope),
          isNull(interactionLogs.deletedAt),
          gte(interactionLogs.startedAt, new Date(from.getTime() - DAY_MS)),
          lt(interactionLogs.startedAt, to),
          gt(end, from),
        ),
      );
    return rows.map((row) => ({ kind: 'call' as const, ...row }));
  },
];

/**
 * A clinician's time with patients, across patients and, in a cross-clinic scope (an admin's), across clinics: the
 * clock one person cannot be in two places on. Staff of a clinic have calls only in their own.
 */
export const createClinicianTimeRepository = (db: DbOrTx, scope: ClinicScope) => ({
  /**
   * Holds the clinician's user row until the transaction ends, so their new calls are checked one at a time; answers
   * the row's id, undefined for a user outside the scope.
   */
  async lockClinician(userId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), inScope(users.clinicId, scope)))
      .for('update');
    return row?.id;
  },

  /** The earliest of the clinician's busy spans of the scope overlapping [from, to), if any. */
  async firstOverlap(userId: number, from: Date, to: Date): Promise<BusySpan | undefined> {
    const spans = (await Promise.all(busySources.map((source) => source(db, scope, userId, from, to)))).flat();
    return spans.sort((x, y) => x.start.getTime() - y.start.getTime())[0];
  },

  /** The patient's clinic timezone and the start of their latest RTM episode (open or ended), null without one. */
  async callCalendarOf(patientId: number): Promise<{ timezone: string; episodeStartedAt: Date | null } | undefined> {
    const latest = db
      .select({ startedAt: patientEpisodes.startedAt })
      .from(patientEpisodes)
      // The patient's episodes in the patient's own clinic, as every row about a patient is (decision 1340).
      .where(and(eq(patientEpisodes.patientId, patientId), eq(patientEpisodes.clinicId, patients.clinicId)))
      .orderBy(desc(patientEpisodes.startedAt))
      .limit(1);
    const [row] = await db
      .select({
        timezone: clinics.timezone,
        episodeStartedAt: sql<Date | null>`(${latest})`.mapWith((v) => (v ? new Date(v) : null)),
      })
      .from(patients)
      .innerJoin(clinics, eq(clinics.id, patients.clinicId))
      .where(and(eq(patients.id, patientId), inScope(patients.clinicId, scope)))
      .limit(1);
    return row;
  },
});
