import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { functionalEntries, functionalMeasures, users } from '../../db/schema.ts';

export type NewFunctionalEntry = {
  date: string;
  answers: (number | null)[];
  score: number;
  scoringVersion: string;
  note: string;
};

const entryColumns = {
  id: functionalEntries.id,
  measureId: functionalEntries.measureId,
  date: functionalEntries.date,
  answers: functionalEntries.answers,
  score: functionalEntries.score,
  scoringVersion: functionalEntries.scoringVersion,
  note: functionalEntries.note,
  createdBy: functionalEntries.createdBy,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  createdAt: functionalEntries.createdAt,
};

export function createFunctionalDataRepository(db: DbOrTx) {
  return {
    async seriesOf(patientId: number) {
      return db
        .select()
        .from(functionalMeasures)
        .where(eq(functionalMeasures.patientId, patientId))
        .orderBy(asc(functionalMeasures.datatypeId), asc(functionalMeasures.name), asc(functionalMeasures.id));
    },
    async findSeries(patientId: number, id: number) {
      const [row] = await db
        .select()
        .from(functionalMeasures)
        .where(and(eq(functionalMeasures.id, id), eq(functionalMeasures.patientId, patientId)));
      return row ?? null;
    },
    /** Series are unique per patient, measure and name (case does not matter). */
    async findSeriesByName(patientId: number, datatypeId: number, name: string) {
      const [row] = await db
        .select()
        .from(functionalMeasures)
        .where(
          and(
            eq(functionalMeasures.patientId, patientId),
            eq(functionalMeasures.datatypeId, datatypeId),
            sql`lower(${functionalMeasures.name}) = lower(${name})`,
          ),
        );
      return row ?? null;
    },
    async insertSeries(values: typeof functionalMeasures.$inferInsert) {
      const [row] = await db.insert(functionalMeasures).values(values).returning();
      return row!;
    },
    async updateSeries(id: number, values: { name?: string; unit?: string }) {
      await db.update(functionalMeasures).set(values).where(eq(functionalMeasures.id, id));
    },
    /** Entries of the series, oldest first. */
    async entriesOf(measureIds: number[]) {
      if (measureIds.length === 0) return [];
      return db
        .select(entryColumns)
        .from(functionalEntries)
        .leftJoin(users, eq(users.id, functionalEntries.createdBy))
        .where(inArray(functionalEntries.measureId, measureIds))
        .orderBy(asc(functionalEntries.date), asc(functionalEntries.id));
    },
    async insertEntries(
      series: { id: number; clinicId: number; patientId: number },
      entries: NewFunctionalEntry[],
      createdBy: number,
      now: Date,
    ) {
      const rows = await db
        .insert(functionalEntries)
        .values(
          entries.map((e) => ({
            ...e,
            measureId: series.id,
            clinicId: series.clinicId,
            patientId: series.patientId,
            createdBy,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: functionalEntries.id });
      return rows.map((r) => r.id);
    },
    async updateEntry(id: number, values: NewFunctionalEntry, now: Date) {
      await db
        .update(functionalEntries)
        .set({ ...values, updatedAt: now })
        .where(eq(functionalEntries.id, id));
    },
  };
}
export type FunctionalEntryRow = Awaited<
  ReturnType<ReturnType<typeof createFunctionalDataRepository>['entriesOf']>
>[number];
export type FunctionalSeriesRow = Awaited<
  ReturnType<ReturnType<typeof createFunctionalDataRepository>['seriesOf']>
>[number];
