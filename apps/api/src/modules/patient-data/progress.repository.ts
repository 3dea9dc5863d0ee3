import { and, asc, between, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  exerciseLogs,
  functionalEntries,
  healthMetrics,
  hepItems,
  patientEpisodes,
  patients,
  videos,
} from '../../db/schema.ts';

/** What progress weeks need, each read grouped by day in one query (the tables are indexed by patient and day). */
export function createProgressRepository(db: DbOrTx) {
  return {
    /**
     * Program items that may have been in force in the week: created before it ended and not deleted before it
     * began. The bounds are a day wider than the week, so every timezone is covered; days are exact in the service.
     */
    async itemsAround(patientId: number, from: Date, until: Date) {
      return db
        .select({
          id: hepItems.id,
          title: videos.title,
          position: hepItems.position,
          timesPerDay: hepItems.timesPerDay,
          createdAt: hepItems.createdAt,
          deletedAt: hepItems.deletedAt,
        })
        .from(hepItems)
        .innerJoin(videos, eq(videos.id, hepItems.videoId))
        .where(
          and(
            eq(hepItems.patientId, patientId),
            lt(hepItems.createdAt, until),
            or(isNull(hepItems.deletedAt), gt(hepItems.deletedAt, from)),
          ),
        )
        .orderBy(asc(hepItems.position), asc(hepItems.id));
    },
    /** Logs per day and item, with the difficulty ratings summed as 1 easy, 2 about right, 3 hard. */
    async logsByDay(patientId: number, from: string, to: string) {
      const rows = await db
        .select({
          day: exerciseLogs.localDate,
          hepItemId: exerciseLogs.hepItemId,
          n: count(),
          difficultySum:
            sql<number>`coalesce(sum(case ${exerciseLogs.difficulty} when 'easy' then 1 when 'right' then 2 when 'hard' then 3 end), 0)`.mapWith(
              Number,
            ),
          difficultyCount: count(exerciseLogs.difficulty),
        })
        .from(exerciseLogs)
        .where(and(eq(exerciseLogs.patientId, patientId), between(exerciseLogs.localDate, from, to)))
        .groupBy(exerciseLogs.localDate, exerciseLogs.hepItemId);
      return rows;
    },
    /** Readings per day and kind: their sum and count (daily sums or averages are the service's choice). */
    async metricsByDay(patientId: number, from: string, to: string) {
      return db
        .select({
          day: healthMetrics.localDate,
          kind: healthMetrics.kind,
          sum: sql<number>`sum(${healthMetrics.value})`.mapWith(Number),
          n: count(),
        })
        .from(healthMetrics)
        .where(and(eq(healthMetrics.patientId, patientId), between(healthMetrics.localDate, from, to)))
        .groupBy(healthMetrics.localDate, healthMetrics.kind);
    },
    /** When the patient was registered and their latest episode (the open one, or the last to end). */
    async historySpan(patientId: number) {
      const [registered, episodes] = await Promise.all([
        db.select({ at: patients.createdAt }).from(patients).where(eq(patients.id, patientId)),
        db
          .select({ startedAt: patientEpisodes.startedAt, endedAt: patientEpisodes.endedAt })
          .from(patientEpisodes)
          .where(eq(patientEpisodes.patientId, patientId))
          .orderBy(desc(patientEpisodes.startedAt))
          .limit(1),
      ]);
      return { registeredAt: registered[0]!.at, episode: episodes[0] ?? null };
    },
    async functionalDays(patientId: number, from: string, to: string) {
      const rows = await db
        .selectDistinct({ day: functionalEntries.date })
        .from(functionalEntries)
        .where(and(eq(functionalEntries.patientId, patientId), between(functionalEntries.date, from, to)));
      return rows.map((r) => r.day);
    },
  };
}
