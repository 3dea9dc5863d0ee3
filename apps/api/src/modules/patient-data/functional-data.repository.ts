import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { functionalEntries, functionalMeasures, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';

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
  enteredBy: functionalEntries.enteredBy,
  activities: functionalEntries.activities,
};

/** A series of a patient as a write gives it: its clinic comes from the repository's scope. */
export type NewFunctionalSeries = Omit<typeof functionalMeasures.$inferInsert, 'clinicId'>;

/** Outcome measures of patients, kept to the scope's clinic: callers have already checked the patient. */
export function createFunctionalDataRepository(db: DbOrTx, scope: ClinicScope) {
  const seriesInScope = inScope(functionalMeasures.clinicId, scope);
  const entriesInScope = inScope(functionalEntries.clinicId, scope);
  return {
    async seriesOf(patientId: number) {
      return db
        .select()
        .from(functionalMeasures)
        .where(and(eq(functionalMeasures.patientId, patientId), seriesInScope))
        .orderBy(asc(functionalMeasures.datatypeId), asc(functionalMeasures.name), asc(functionalMeasures.id));
    },
    async findSeries(patientId: number, id: number) {
      const [row] = await db
        .select()
        .from(functionalMeasures)
        .where(and(eq(functionalMeasures.id, id), eq(functionalMeasures.patientId, patientId), seriesInScope));
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
            seriesInScope,
          ),
        );
      return row ?? null;
    },
    /** A series in the scope's clinic; refused (not found) for a patient of another clinic (decision 1340). */
    async insertSeries(values: NewFunctionalSeries) {
      if (!(await allPatientsInScope(db, scope, [values.patientId]))) throw notFound('patient');
      const [row] = await db
        .insert(functionalMeasures)
        .values({ ...values, clinicId: clinicIdOf(scope) })
        .returning();
      return row!;
    },
    async updateSeries(id: number, values: { name?: string; unit?: string }) {
      await db
        .update(functionalMeasures)
        .set(values)
        .where(and(eq(functionalMeasures.id, id), seriesInScope));
    },
    /** Entries of the series, oldest first. */
    async entriesOf(measureIds: number[]) {
      if (measureIds.length === 0) return [];
      return db
        .select(entryColumns)
        .from(functionalEntries)
        .leftJoin(users, eq(users.id, functionalEntries.createdBy))
        .where(and(inArray(functionalEntries.measureId, measureIds), entriesInScope))
        .orderBy(asc(functionalEntries.date), asc(functionalEntries.id));
    },
    /** Entries of a series of the scope's clinic, for its patient; none for a series outside the scope. */
    async insertEntries(seriesId: number, entries: NewFunctionalEntry[], createdBy: number, now: Date) {
      const clinicId = clinicIdOf(scope);
      const [series] = await db
        .select({ id: functionalMeasures.id, patientId: functionalMeasures.patientId })
        .from(functionalMeasures)
        .where(and(eq(functionalMeasures.id, seriesId), seriesInScope));
      if (!series) return [];
      const rows = await db
        .insert(functionalEntries)
        .values(
          entries.map((e) => ({
            ...e,
            measureId: series.id,
            clinicId,
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
        .where(and(eq(functionalEntries.id, id), entriesInScope));
    },
  };
}
export type FunctionalEntryRow = Awaited<
  ReturnType<ReturnType<typeof createFunctionalDataRepository>['entriesOf']>
>[number];
export type FunctionalSeriesRow = Awaited<
  ReturnType<ReturnType<typeof createFunctionalDataRepository>['seriesOf']>
>[number];
