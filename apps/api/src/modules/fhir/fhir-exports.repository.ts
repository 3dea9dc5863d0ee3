import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { fhirExportFiles, fhirExports, patientEpisodes, patients, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { patientVisibleIn } from '../../db/visibility.ts';
import type { MonthSpan, NdjsonFile } from './fhir-month.ts';

const row = {
  id: fhirExports.id,
  clinicId: fhirExports.clinicId,
  month: fhirExports.month,
  status: fhirExports.status,
  patientsDone: fhirExports.patientsDone,
  patientsTotal: fhirExports.patientsTotal,
  patientIds: fhirExports.patientIds,
  requestedAt: fhirExports.requestedAt,
  updatedAt: fhirExports.updatedAt,
  finishedAt: fhirExports.finishedAt,
  attempts: fhirExports.attempts,
  requesterId: users.id,
  requesterFirstName: users.firstName,
  requesterLastName: users.lastName,
};

const active = inArray(fhirExports.status, ['queued', 'running']);

/**
 * A clinic's FHIR bulk exports and their files (decision 1440). Reads keep to the scope; a new export, its job's
 * progress and its files are written in one clinic's scope, which the job narrows to from the export's clinic.
 */
export function createFhirExportsRepository(db: DbOrTx, scope: ClinicScope) {
  const mine = inScope(fhirExports.clinicId, scope);
  const select = () =>
    db.select(row).from(fhirExports).leftJoin(users, eq(users.id, fhirExports.requestedBy)).$dynamic();

  /** The files of some exports, without their content. */
  const filesOf = (exportIds: number[]) =>
    exportIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            exportId: fhirExportFiles.exportId,
            type: fhirExportFiles.resourceType,
            name: fhirExportFiles.name,
            count: fhirExportFiles.count,
          })
          .from(fhirExportFiles)
          .where(and(inArray(fhirExportFiles.exportId, exportIds), inScope(fhirExportFiles.clinicId, scope)))
          .orderBy(asc(fhirExportFiles.exportId), asc(fhirExportFiles.position));

  const withFiles = async <R extends { id: number }>(rows: R[]) => {
    const files = await filesOf(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, files: files.filter((file) => file.exportId === r.id) }));
  };

  /** Moves an export still waiting or being made, with the time of this sign of life of its job. */
  const mark = (id: number, values: PgUpdateSetSource<typeof fhirExports>) =>
    db
      .update(fhirExports)
      .set(values)
      .where(and(eq(fhirExports.id, id), mine, active))
      .returning({ id: fhirExports.id, month: fhirExports.month });

  return {
    /** Holds the clinic month's exports until the transaction ends: two requests of a month start one export. */
    async lockMonth(month: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`fhir-export:${clinicIdOf(scope)}:${month}`}))`);
    },

    /** The export of the month waiting or being made, if any. */
    async activeOf(month: string) {
      const [found] = await withFiles(
        await select()
          .where(and(mine, eq(fhirExports.month, month), active))
          .limit(1),
      );
      return found;
    },

    async insert(month: string, requestedBy: number, at: Date) {
      const [made] = await db
        .insert(fhirExports)
        .values({ clinicId: clinicIdOf(scope), month, requestedBy, requestedAt: at, updatedAt: at })
        .returning({ id: fhirExports.id });
      return made!.id;
    },

    async find(id: number) {
      const [found] = await withFiles(await select().where(and(mine, eq(fhirExports.id, id))));
      return found;
    },

    /** A page of the scope's exports, newest first, optionally of one month. */
    async list(page: { offset: number; limit: number }, month?: string) {
      const where = and(mine, month ? eq(fhirExports.month, month) : undefined);
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(desc(fhirExports.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(fhirExports).where(where),
      ]);
      return { rows: await withFiles(rows), count: total!.n };
    },

    /** Takes an export given up on (its job stopped giving signs of life before `before`) as failed. */
    async failStale(month: string, before: Date, at: Date) {
      await db
        .update(fhirExports)
        .set({ status: 'failed', finishedAt: at, updatedAt: at })
        .where(and(mine, eq(fhirExports.month, month), active, lt(fhirExports.updatedAt, before)));
    },

    /** A run of the export's job begins, from nothing: answers the export, or undefined when it is not to be made. */
    async startRun(id: number, at: Date) {
      const [started] = await mark(id, {
        status: 'running',
        attempts: sql`${fhirExports.attempts} + 1`,
        patientsDone: 0,
        patientsTotal: null,
        updatedAt: at,
      });
      return started;
    },

    async progress(id: number, done: number, total: number, at: Date) {
      await mark(id, { patientsDone: done, patientsTotal: total, updatedAt: at });
    },

    /** A run failed: the export waits for the job's next one, or has failed for good. */
    async endRun(id: number, status: 'queued' | 'failed', at: Date) {
      await mark(id, { status, updatedAt: at, ...(status === 'failed' && { finishedAt: at }) });
    },

    /**
     * Stores a run's files and marks the export done, unless another run did first or the export was given up as
     * failed (then nothing is written, and false is answered). Its row is held until the transaction ends, so two runs never both write files.
     */
    async complete(id: number, files: NdjsonFile[], patientIds: number[], at: Date): Promise<boolean> {
      const [held] = await db
        .select({ status: fhirExports.status })
        .from(fhirExports)
        .where(and(eq(fhirExports.id, id), mine))
        .for('update');
      // Only a run still holding the export writes: not after another run made it, nor once it was given up.
      if (held?.status !== 'running') return false;
      await db.delete(fhirExportFiles).where(eq(fhirExportFiles.exportId, id));
      const clinicId = clinicIdOf(scope);
      if (files.length > 0) {
        await db.insert(fhirExportFiles).values(
          files.map((file, position) => ({
            exportId: id,
            position,
            clinicId,
            resourceType: file.type,
            name: file.name,
            count: file.count,
            content: new TextEncoder().encode(file.content),
          })),
        );
      }
      await db
        .update(fhirExports)
        .set({
          status: 'done',
          patientsDone: patientIds.length,
          patientsTotal: patientIds.length,
          patientIds,
          finishedAt: at,
          updatedAt: at,
        })
        .where(eq(fhirExports.id, id));
      return true;
    },

    /** One resource type's file of a made export. */
    async fileContent(id: number, type: string) {
      const [file] = await db
        .select({ name: fhirExportFiles.name, count: fhirExportFiles.count, content: fhirExportFiles.content })
        .from(fhirExportFiles)
        .where(
          and(
            eq(fhirExportFiles.exportId, id),
            eq(fhirExportFiles.resourceType, type),
            inScope(fhirExportFiles.clinicId, scope),
          ),
        );
      return file;
    },

    /**
     * The patients in the clinic's care at any time of the month: an episode of theirs began before its end and had
     * not ended before its start. Removed patients are left out, as everywhere.
     */
    async patientsInCare(span: MonthSpan): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: patients.id })
        .from(patientEpisodes)
        .innerJoin(patients, eq(patients.id, patientEpisodes.patientId))
        .where(
          and(
            inScope(patientEpisodes.clinicId, scope),
            patientVisibleIn(scope),
            lt(patientEpisodes.startedAt, span.end),
            or(isNull(patientEpisodes.endedAt), gte(patientEpisodes.endedAt, span.start)),
          ),
        )
        .orderBy(asc(patients.id));
      return rows.map((r) => r.id);
    },
  };
}

export type FhirExportsRepository = ReturnType<typeof createFhirExportsRepository>;
export type FhirExportRow = NonNullable<Awaited<ReturnType<FhirExportsRepository['find']>>>;
