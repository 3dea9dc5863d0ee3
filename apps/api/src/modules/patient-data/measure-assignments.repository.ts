import type { PatientFillableMeasure } from '@rehabit/contract';
import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { functionalEntries, functionalMeasures, measureAssignments, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';

const assignmentColumns = {
  id: measureAssignments.id,
  clinicId: measureAssignments.clinicId,
  patientId: measureAssignments.patientId,
  measure: measureAssignments.measure,
  repeatWeeks: measureAssignments.repeatWeeks,
  startsOn: measureAssignments.startsOn,
  nextDueOn: measureAssignments.nextDueOn,
  lastFilledOn: measureAssignments.lastFilledOn,
  createdBy: measureAssignments.createdBy,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  createdAt: measureAssignments.createdAt,
  stoppedAt: measureAssignments.stoppedAt,
};

export type NewMeasureAssignment = {
  patientId: number;
  measure: PatientFillableMeasure;
  repeatWeeks: number | null;
  startsOn: string;
  createdBy: number;
};

/** What the patient filled in, scored: stored as their own entry of the series (decision 1360). */
export type NewPatientEntry = {
  seriesId: number;
  assignmentId: number;
  clientId: string;
  date: string;
  answers: number[];
  activities: string[] | null;
  score: number;
  scoringVersion: string;
};

/**
 * The outcome measures staff assign to patients and the patient's own entries that answer them, kept to the
 * scope's clinic: callers have already reached the patient.
 */
export function createMeasureAssignmentsRepository(db: DbOrTx, scope: ClinicScope) {
  const assignmentsInScope = inScope(measureAssignments.clinicId, scope);
  const entriesInScope = inScope(functionalEntries.clinicId, scope);
  const selectAssignments = () =>
    db.select(assignmentColumns).from(measureAssignments).leftJoin(users, eq(users.id, measureAssignments.createdBy));
  const running = and(isNull(measureAssignments.stoppedAt), isNotNull(measureAssignments.nextDueOn));

  return {
    /** A patient's assignments: running first, then newest first. */
    async listOf(patientId: number) {
      return selectAssignments()
        .where(and(eq(measureAssignments.patientId, patientId), assignmentsInScope))
        .orderBy(sql`(${running}) desc`, desc(measureAssignments.createdAt), desc(measureAssignments.id));
    },
    async find(patientId: number, id: number) {
      const [row] = await selectAssignments().where(
        and(eq(measureAssignments.id, id), eq(measureAssignments.patientId, patientId), assignmentsInScope),
      );
      return row ?? null;
    },
    /** The running assignment of this measure, if any. */
    async findRunning(patientId: number, measure: PatientFillableMeasure) {
      const [row] = await selectAssignments().where(
        and(
          eq(measureAssignments.patientId, patientId),
          eq(measureAssignments.measure, measure),
          running,
          assignmentsInScope,
        ),
      );
      return row ?? null;
    },
    /** The running assignments due by `today` of each patient named, soonest first (the reminders' job asks many). */
    async dueOf(patientIds: readonly number[], today: string) {
      if (patientIds.length === 0) return [];
      return selectAssignments()
        .where(
          and(
            inArray(measureAssignments.patientId, [...patientIds]),
            running,
            lte(measureAssignments.nextDueOn, today),
            assignmentsInScope,
          ),
        )
        .orderBy(measureAssignments.nextDueOn, measureAssignments.id);
    },
    /** An assignment in the scope's clinic; refused (not found) for a patient of another clinic; null when running. */
    async insert(values: NewMeasureAssignment) {
      if (!(await allPatientsInScope(db, scope, [values.patientId]))) throw notFound('patient');
      const [row] = await db
        .insert(measureAssignments)
        .values({ ...values, clinicId: clinicIdOf(scope), nextDueOn: values.startsOn })
        .onConflictDoNothing()
        .returning({ id: measureAssignments.id });
      return row?.id ?? null;
    },
    /** Stops a running or completed assignment; false when it was stopped already or is not in the scope. */
    async stop(id: number, stoppedBy: number, now: Date) {
      const rows = await db
        .update(measureAssignments)
        .set({ stoppedAt: now, stoppedBy, nextDueOn: null })
        .where(and(eq(measureAssignments.id, id), isNull(measureAssignments.stoppedAt), assignmentsInScope))
        .returning({ id: measureAssignments.id });
      return rows.length > 0;
    },
    /** Records a fill: the day it was filled and when it is next due (null: not again). */
    async markFilled(id: number, filledOn: string, nextDueOn: string | null) {
      await db
        .update(measureAssignments)
        .set({ lastFilledOn: filledOn, nextDueOn })
        // A stopped assignment stays stopped.
        .where(and(eq(measureAssignments.id, id), isNull(measureAssignments.stoppedAt), assignmentsInScope));
    },
    /** The activities of the patient's latest PSFS they filled in themself, to rate again. */
    async lastActivities(patientId: number) {
      const [row] = await db
        .select({ activities: functionalEntries.activities })
        .from(functionalEntries)
        .where(and(eq(functionalEntries.patientId, patientId), isNotNull(functionalEntries.activities), entriesInScope))
        .orderBy(desc(functionalEntries.date), desc(functionalEntries.id))
        .limit(1);
      return row?.activities ?? [];
    },
    /** The patient's entry a submission stored, by the phone's id of it. */
    async findSubmission(patientId: number, clientId: string) {
      const [row] = await db
        .select({
          id: functionalEntries.id,
          assignmentId: functionalEntries.assignmentId,
          date: functionalEntries.date,
          score: functionalEntries.score,
          scoringVersion: functionalEntries.scoringVersion,
        })
        .from(functionalEntries)
        .where(
          and(eq(functionalEntries.patientId, patientId), eq(functionalEntries.clientId, clientId), entriesInScope),
        );
      return row ?? null;
    },
    /**
     * Stores the patient's own entry in a series of the scope's clinic, once per client id: null when that id was
     * stored already (or the series is not in the scope).
     */
    async insertSubmission(entry: NewPatientEntry, enteredByUser: number, now: Date) {
      const [series] = await db
        .select({ id: functionalMeasures.id, patientId: functionalMeasures.patientId })
        .from(functionalMeasures)
        .where(and(eq(functionalMeasures.id, entry.seriesId), inScope(functionalMeasures.clinicId, scope)));
      if (!series) return null;
      const [row] = await db
        .insert(functionalEntries)
        .values({
          measureId: series.id,
          clinicId: clinicIdOf(scope),
          patientId: series.patientId,
          date: entry.date,
          answers: entry.answers,
          activities: entry.activities,
          score: entry.score,
          scoringVersion: entry.scoringVersion,
          enteredBy: 'patient',
          assignmentId: entry.assignmentId,
          clientId: entry.clientId,
          createdBy: enteredByUser,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: functionalEntries.id });
      return row?.id ?? null;
    },
  };
}
export type MeasureAssignmentRow = Awaited<
  ReturnType<ReturnType<typeof createMeasureAssignmentsRepository>['listOf']>
>[number];
