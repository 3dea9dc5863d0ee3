import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exerciseLogs, healthMetrics } from '../../db/schema.ts';

export type ExerciseLogRow = typeof exerciseLogs.$inferSelect;
export type NewExerciseLog = Omit<typeof exerciseLogs.$inferInsert, 'id' | 'createdAt'>;

export function createExerciseLogsRepository(db: DbOrTx) {
  return {
    async findByClientId(patientId: number, clientId: string) {
      const [row] = await db
        .select()
        .from(exerciseLogs)
        .where(and(eq(exerciseLogs.patientId, patientId), eq(exerciseLogs.clientId, clientId)));
      return row ?? null;
    },
    /** Stores a log once per client id: a second send of the same log returns null instead of a second row. */
    async insertOnce(log: NewExerciseLog) {
      const [row] = await db
        .insert(exerciseLogs)
        .values(log)
        .onConflictDoNothing({ target: [exerciseLogs.patientId, exerciseLogs.clientId] })
        .returning();
      return row ?? null;
    },
    /** A pain rating given with an exercise is also a pain reading, so pain charts and data days include it. */
    async recordPain(log: ExerciseLogRow) {
      if (log.pain === null) return;
      await db
        .insert(healthMetrics)
        .values({
          clinicId: log.clinicId,
          patientId: log.patientId,
          kind: 'painlevel',
          value: log.pain,
          measuredAt: log.performedAt,
          localDate: log.localDate,
          source: 'manual',
        })
        .onConflictDoNothing();
    },
    /** How many times each item was logged on a day. */
    async countsOn(patientId: number, day: string) {
      return db
        .select({ hepItemId: exerciseLogs.hepItemId, n: count() })
        .from(exerciseLogs)
        .where(and(eq(exerciseLogs.patientId, patientId), eq(exerciseLogs.localDate, day)))
        .groupBy(exerciseLogs.hepItemId);
    },
    /** The latest log of each item of the patient. */
    async latestPerItem(patientId: number) {
      return db
        .selectDistinctOn([exerciseLogs.hepItemId])
        .from(exerciseLogs)
        .where(eq(exerciseLogs.patientId, patientId))
        .orderBy(exerciseLogs.hepItemId, desc(exerciseLogs.performedAt), desc(exerciseLogs.id));
    },
    /** Days with an exercise logged up to `until` (and from `from` when given), for streaks. */
    async loggedDays(patientId: number, until: string, from?: string) {
      const rows = await db
        .selectDistinct({ day: exerciseLogs.localDate })
        .from(exerciseLogs)
        .where(
          and(
            eq(exerciseLogs.patientId, patientId),
            lte(exerciseLogs.localDate, until),
            from ? gte(exerciseLogs.localDate, from) : undefined,
          ),
        );
      return rows.map((r) => r.day);
    },
    /** The latest pain reading of a day (pain given with exercises included). */
    async latestPainOn(patientId: number, day: string) {
      const [row] = await db
        .select({ value: healthMetrics.value })
        .from(healthMetrics)
        .where(
          and(
            eq(healthMetrics.patientId, patientId),
            eq(healthMetrics.localDate, day),
            eq(healthMetrics.kind, 'painlevel'),
          ),
        )
        .orderBy(desc(healthMetrics.measuredAt), desc(healthMetrics.id))
        .limit(1);
      return row?.value ?? null;
    },
  };
}
