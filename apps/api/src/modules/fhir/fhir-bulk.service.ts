import {
  type FhirExport,
  type FileAnswer,
  type fhirExportFileParamsSchema,
  type fhirExportListQuerySchema,
  type fhirExportStartSchema,
  type Paginated,
  toPage,
} from '@rehabit/contract';
import type { z } from 'zod';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { Jobs } from '../../jobs/job-queue.ts';
import { jobQueues } from '../../jobs/queues.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { billingClinicOf, clinicMonthOfCall } from '../billing/billing-clinic.ts';
import type { Caller } from '../data-access.ts';
import type { FhirExportRow } from './fhir-exports.repository.ts';

type Deps = { clock: Clock; audit: AuditLog; jobs: Pick<Jobs, 'send'> };

/**
 * How long an export may wait or run without a sign of life from its job before it is taken as failed: longer than
 * the queue lets a run go on, with the retries' waits. A server that died on the last run leaves such an export.
 */
const GIVEN_UP_AFTER_MS = (jobQueues['fhir-bulk-export'].expireInSeconds + 5 * 60) * 1000;

const givenUp = (row: FhirExportRow, now: Date) =>
  (row.status === 'queued' || row.status === 'running') && now.getTime() - row.updatedAt.getTime() > GIVEN_UP_AFTER_MS;

function toExport(row: FhirExportRow, now: Date): FhirExport {
  return {
    id: row.id,
    month: row.month,
    status: givenUp(row, now) ? 'failed' : row.status,
    patients_done: row.patientsDone,
    patients_total: row.patientsTotal,
    requested_by:
      row.requesterId === null
        ? null
        : { id: row.requesterId, name: `${row.requesterFirstName} ${row.requesterLastName}`.trim() },
    requested_at: row.requestedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    files: row.files.map(({ type, name, count }) => ({ type, name, count })),
  };
}

/**
 * The clinic month's FHIR bulk export for supervisors and admins (decision 1440): starting it (its job makes it),
 * its state, the clinic's list, and each file's download, audited with the patients it holds.
 */
export function createFhirBulkService({ clock, audit, jobs }: Deps) {
  /** An export the caller's scope reaches; another clinic's is not found. */
  async function exportOf(actor: Caller, id: number) {
    const row = await actor.data.fhirExports.find(id);
    if (!row) throw notFound('export');
    return row;
  }

  return {
    /** Starts the month's export, or answers the one of the month already waiting or being made (`isNew` false). */
    async start(
      actor: Caller,
      query: { clinic_code?: string },
      body: z.infer<typeof fhirExportStartSchema>,
      ctx: RequestContext,
    ): Promise<{ answer: FhirExport; isNew: boolean }> {
      const now = clock.now();
      const { clinic, clinicData, month } = await clinicMonthOfCall(actor, body, query.clinic_code, now);
      const { row, isNew } = await clinicData.transaction(async (data) => {
        await data.fhirExports.lockMonth(month);
        await data.fhirExports.failStale(month, new Date(now.getTime() - GIVEN_UP_AFTER_MS), now);
        const active = await data.fhirExports.activeOf(month);
        if (active) return { row: active, isNew: false };
        const id = await data.fhirExports.insert(month, actor.id, now);
        await audit.record(
          {
            action: 'fhir.bulk_export_request',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: clinic.id,
            ip: ctx.ip,
            detail: { export_id: id, month },
          },
          data.db,
        );
        return { row: (await data.fhirExports.find(id))!, isNew: true };
      });
      // Sent once the export is stored, for the job to find it. One still waiting is sent again: the queue drops
      // the repeat of a job that waits, and a job lost before it was sent is sent now.
      if (row.status === 'queued') {
        await jobs.send(
          'fhir-bulk-export',
          { exportId: row.id, clinicId: clinic.id },
          { singletonKey: String(row.id) },
        );
      }
      if (!isNew) noteNothingChanged();
      return { answer: toExport(row, now), isNew };
    },

    async state(actor: Caller, id: number): Promise<FhirExport> {
      return toExport(await exportOf(actor, id), clock.now());
    },

    async list(actor: Caller, query: z.infer<typeof fhirExportListQuerySchema>): Promise<Paginated<FhirExport>> {
      const clinic = await billingClinicOf(actor.data, actor, query.clinic_code);
      const page = { offset: (query.page - 1) * query.page_size, limit: query.page_size };
      const { rows, count } = await actor.data.within(clinicScope(clinic.id)).fhirExports.list(page, query.month);
      const now = clock.now();
      return toPage(
        rows.map((row) => toExport(row, now)),
        count,
        query,
      );
    },

    /** One resource type's file of a made export, audited with the patients the export holds. */
    async download(
      actor: Caller,
      params: z.infer<typeof fhirExportFileParamsSchema>,
      ctx: RequestContext,
    ): Promise<FileAnswer> {
      const row = await exportOf(actor, params.id);
      if (row.status !== 'done')
        throw new AppError('conflict', 'This export is not made yet: its files come when it is done');
      const file = await actor.data.within(clinicScope(row.clinicId)).fhirExports.fileContent(row.id, params.type);
      if (!file) throw notFound(`${params.type} file in this export`);
      await audit.record({
        action: 'fhir.bulk_export_download',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: row.clinicId,
        ip: ctx.ip,
        detail: { export_id: row.id, month: row.month, type: params.type, count: file.count },
        namedPatients: (row.patientIds ?? []).map((id) => ({ id, clinicId: row.clinicId })),
      });
      return { filename: `fhir-${row.month}-${file.name}`, content: Buffer.from(file.content) };
    },
  };
}

export type FhirBulkService = ReturnType<typeof createFhirBulkService>;
