import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { functionalEntries, functionalMeasures, measureAssignments } from '../../src/db/schema.ts';
import { createMeasureAssignmentsRepository } from '../../src/modules/patient-data/measure-assignments.repository.ts';
import { a, b, cover, crossClinic, DAY, db, repoOf, type Seeded, scopeA, scopeB } from './harness.ts';

// Outcome measures the patient fills in (decision 1360): each entry makes its own rows in clinic B (and A where it
// needs them) and removes them after, so the other areas' entries see the seeded rows unchanged.

const NOW = new Date('2026-03-02T15:00:00Z');

/** A running NPRS assignment of the clinic's patient, due on DAY, removed (with its entries) after `work`. */
async function withAssignment(clinic: Seeded, work: (id: number) => Promise<void>) {
  const scope = clinic === a ? scopeA() : scopeB();
  const id = (await repoOf(createMeasureAssignmentsRepository, scope).insert({
    patientId: clinic.patientId,
    measure: 'nprs',
    repeatWeeks: 1,
    startsOn: DAY,
    createdBy: clinic.therapistId,
  }))!;
  try {
    await work(id);
  } finally {
    await db.delete(functionalEntries).where(eq(functionalEntries.assignmentId, id));
    await db.delete(measureAssignments).where(eq(measureAssignments.id, id));
  }
}

/** The clinic's seeded series of its patient. */
async function seriesOf(clinic: Seeded) {
  const [series] = await db
    .select()
    .from(functionalMeasures)
    .where(and(eq(functionalMeasures.patientId, clinic.patientId), eq(functionalMeasures.clinicId, clinic.clinicId)));
  return series!;
}

/** A patient's own entry answering assignment `id` of the clinic, with the phone's id `clientId`. */
async function submitted(clinic: Seeded, id: number, clientId: string, activities: string[] | null = null) {
  const scope = clinic === a ? scopeA() : scopeB();
  return repoOf(createMeasureAssignmentsRepository, scope).insertSubmission(
    {
      seriesId: (await seriesOf(clinic)).id,
      assignmentId: id,
      clientId,
      date: DAY,
      answers: [3],
      activities,
      score: 3,
      scoringVersion: 'NPRS 0-10',
    },
    clinic.patientUserId,
    NOW,
  );
}

const assignmentRow = async (id: number) =>
  (await db.select().from(measureAssignments).where(eq(measureAssignments.id, id)))[0]!;

type Repo = ReturnType<typeof createMeasureAssignmentsRepository>;

export const measuresRepositories = {
  measureAssignments: cover(createMeasureAssignmentsRepository, {
    listOf: crossClinic(async (r: Repo) =>
      withAssignment(b, async () => {
        expect(await r.listOf(b.patientId)).toEqual([]);
        await withAssignment(a, async (ours) => {
          expect((await r.listOf(a.patientId)).map((row) => row.id)).toEqual([ours]);
        });
      }),
    ),
    find: crossClinic(async (r: Repo) =>
      withAssignment(b, async (theirs) => {
        expect(await r.find(b.patientId, theirs)).toBeNull();
      }),
    ),
    findRunning: crossClinic(async (r: Repo) =>
      withAssignment(b, async () => {
        expect(await r.findRunning(b.patientId, 'nprs')).toBeNull();
      }),
    ),
    dueOf: crossClinic(async (r: Repo) =>
      withAssignment(b, async () => {
        expect(await r.dueOf([b.patientId], DAY)).toEqual([]);
        await withAssignment(a, async (ours) => {
          expect((await r.dueOf([a.patientId, b.patientId], DAY)).map((row) => row.id)).toEqual([ours]);
        });
      }),
    ),
    insert: crossClinic(async (r: Repo) => {
      const values = { measure: 'psfs' as const, repeatWeeks: null, startsOn: DAY, createdBy: a.therapistId };
      await expect(r.insert({ ...values, patientId: b.patientId })).rejects.toThrow(/patient/);
      expect(await repoOf(createMeasureAssignmentsRepository, scopeB()).listOf(b.patientId)).toEqual([]);
      const id = (await r.insert({ ...values, patientId: a.patientId }))!;
      try {
        expect((await assignmentRow(id)).clinicId).toBe(a.clinicId);
      } finally {
        await db.delete(measureAssignments).where(eq(measureAssignments.id, id));
      }
    }),
    stop: crossClinic(async (r: Repo) =>
      withAssignment(b, async (theirs) => {
        expect(await r.stop(theirs, a.therapistId, NOW)).toBe(false);
        expect(await assignmentRow(theirs)).toMatchObject({ stoppedAt: null, nextDueOn: DAY });
      }),
    ),
    markFilled: crossClinic(async (r: Repo) =>
      withAssignment(b, async (theirs) => {
        await r.markFilled(theirs, DAY, null);
        expect(await assignmentRow(theirs)).toMatchObject({ lastFilledOn: null, nextDueOn: DAY });
      }),
    ),
    lastActivities: crossClinic(async (r: Repo) =>
      withAssignment(b, async (theirs) => {
        await submitted(b, theirs, 'clinic-scope-psfs-b', ['Stairs', 'Walking', 'Gardening']);
        expect(await r.lastActivities(b.patientId)).toEqual([]);
      }),
    ),
    findSubmission: crossClinic(async (r: Repo) =>
      withAssignment(b, async (theirs) => {
        await submitted(b, theirs, 'clinic-scope-same-id');
        expect(await r.findSubmission(b.patientId, 'clinic-scope-same-id')).toBeNull();
      }),
    ),
    insertSubmission: crossClinic(async (r: Repo) =>
      withAssignment(b, async (theirs) => {
        const theirSeries = await seriesOf(b);
        const entry = {
          seriesId: theirSeries.id,
          assignmentId: theirs,
          clientId: 'clinic-scope-into-b',
          date: DAY,
          answers: [5],
          activities: null,
          score: 5,
          scoringVersion: 'NPRS 0-10',
        };
        expect(await r.insertSubmission(entry, a.patientUserId, NOW)).toBeNull();
        const rows = await db.select().from(functionalEntries).where(eq(functionalEntries.clientId, entry.clientId));
        expect(rows).toEqual([]);
        await withAssignment(a, async (ours) => {
          const id = await r.insertSubmission(
            { ...entry, seriesId: (await seriesOf(a)).id, assignmentId: ours, clientId: 'clinic-scope-into-a' },
            a.patientUserId,
            NOW,
          );
          const [row] = await db
            .select()
            .from(functionalEntries)
            .where(inArray(functionalEntries.id, [id!]));
          expect(row).toMatchObject({ clinicId: a.clinicId, patientId: a.patientId, enteredBy: 'patient' });
        });
      }),
    ),
  }),
};
