import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, interactionLogs, patientEpisodes, patients, users } from '../../db/schema.ts';

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
  async (db: DbOrTx, userId: number, from: Date, to: Date): Promise<BusySpan[]> => {
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
          isNull(interactionLogs.deletedAt),
          gte(interactionLogs.startedAt, new Date(from.getTime() - DAY_MS)),
          lt(interactionLogs.startedAt, to),
          gt(end, from),
        ),
      );
    return rows.map((row) => ({ kind: 'call' as const, ...row }));
  },
];

/** A clinician's time with patients, across patients and clinics: the clock one person cannot be in two places on. */
export const createClinicianTimeRepository = (db: DbOrTx) => ({
  /** Holds the clinician's user row until the transaction ends, so their new calls are checked one at a time. */
  async lockClinician(userId: number) {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  /** The earliest of the clinician's busy spans overlapping [from, to), if any. */
  async firstOverlap(userId: number, from: Date, to: Date): Promise<BusySpan | undefined> {
    const spans = (await Promise.all(busySources.map((source) => source(db, userId, from, to)))).flat();
    return spans.sort((x, y) => x.start.getTime() - y.start.getTime())[0];
  },

  /** The patient's clinic timezone and the start of their latest RTM episode (open or ended), null without one. */
  async callCalendarOf(patientId: number): Promise<{ timezone: string; episodeStartedAt: Date | null } | undefined> {
    const latest = db
      .select({ startedAt: patientEpisodes.startedAt })
      .from(patientEpisodes)
      .where(eq(patientEpisodes.patientId, patientId))
      .orderBy(desc(patientEpisodes.startedAt))
      .limit(1);
    const [row] = await db
      .select({
        timezone: clinics.timezone,
        episodeStartedAt: sql<Date | null>`(${latest})`.mapWith((v) => (v ? new Date(v) : null)),
      })
      .from(patients)
      .innerJoin(clinics, eq(clinics.id, patients.clinicId))
      .where(eq(patients.id, patientId))
      .limit(1);
    return row;
  },
});
