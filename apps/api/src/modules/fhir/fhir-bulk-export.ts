import { lastDayOfMonth } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import { type JobData, jobQueues } from '../../jobs/queues.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { filedMonthOf } from '../billing/filed-month.ts';
import { type Data, dataFor } from '../data-access.ts';
import type { FiledBillingRow } from './fhir-charges.ts';
import type { FhirResource } from './fhir-mapping.ts';
import { countsOfFiles, createNdjsonFiles, type MonthSpan, monthSpanOf, resourcesOfMonth } from './fhir-month.ts';
import { readPatientRecord } from './fhir-record.ts';

/**
 * What makes a patient's resources of a month for the bulk export. Each kind of resource has its producer; the
 * export's files are by resource type, whatever produced them, so a new kind of resource is one more entry.
 */
type MonthProducer = (data: Data, patientId: number, month: ExportMonth) => Promise<FhirResource[]>;

/** What every patient of the export shares: the month, the time it is made, and the month's filed billing rows. */
type ExportMonth = { span: MonthSpan; now: Date; filedRows: Map<number, FiledBillingRow> };

const monthProducers: MonthProducer[] = [
  // The patient's record as the FHIR mapping has it (decision 1425), kept to the month: its exercise days and its
  // charges are the month's alone, the charges from the filed figures the export read once.
  async (data, patientId, { span, now, filedRows }) => {
    const filed = filedRows.get(patientId);
    const record = await readPatientRecord(data, patientId, now, {
      within: { first: `${span.month}-01`, last: lastDayOfMonth(span.month) },
      charges: filed ? [filed] : [],
    });
    return record ? resourcesOfMonth(record, span) : [];
  },
];

type ExportJob = JobData['fhir-bulk-export'];

/** The runs an export's job makes: its first and each retry of the queue. */
const RUNS = jobQueues['fhir-bulk-export'].retryLimit + 1;

/**
 * Makes a clinic month's FHIR bulk export, the job's work (decision 1440). Every run starts from nothing, counts the
 * patients in care in the month and reads each one's record, telling how many are done; the files are stored with
 * the export's `done`, in one transaction with the audit of what it holds. A run the server died in leaves no file,
 * and the job's next run makes the export whole; a run that finds it done already does nothing.
 */
export function createFhirBulkExport({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditLog }) {
  const jobData = dataFor(db, crossClinic('scheduled job'));

  async function run(data: Data, { exportId, clinicId }: ExportJob) {
    const started = await data.fhirExports.startRun(exportId, clock.now());
    if (!started) return;
    // The month on the clinic's clocks, whose timezone the billing settings keep; the export's row names the clinic.
    const span = monthSpanOf(started.month, (await data.billingFiles.timezoneOf())!);
    // Those in care in the month, and any the month's filed billing names, so its charges leave whole.
    const [inCare, filed] = await Promise.all([
      data.fhirExports.patientsInCare(span),
      filedMonthOf(data, clinicId, started.month),
    ]);
    const filedRows = new Map<number, FiledBillingRow>();
    if (filed) {
      for (const row of filed.figures.patients) {
        filedRows.set(row.patient.id, { month: started.month, filedAt: filed.since, row });
      }
    }
    const patientIds = [...new Set([...inCare, ...filedRows.keys()])].sort((x, y) => x - y);
    const month: ExportMonth = { span, now: clock.now(), filedRows };
    await data.fhirExports.progress(exportId, 0, patientIds.length, clock.now());
    const files = createNdjsonFiles();
    const exported: number[] = [];
    for (const [index, patientId] of patientIds.entries()) {
      const resources: FhirResource[] = [];
      for (const produce of monthProducers) resources.push(...(await produce(data, patientId, month)));
      // A patient whose record is no longer read (removed since the month was billed) is neither written nor named.
      if (resources.length > 0) exported.push(patientId);
      files.add(resources);
      await data.fhirExports.progress(exportId, index + 1, patientIds.length, clock.now());
    }
    const made = files.files();
    await data.transaction(async (tx) => {
      if (!(await tx.fhirExports.complete(exportId, made, exported, clock.now()))) return;
      await audit.record(
        {
          action: 'fhir.bulk_export_complete',
          outcome: 'success',
          clinicId,
          detail: { export_id: exportId, month: started.month, resources: countsOfFiles(made) },
          namedPatients: exported.map((id) => ({ id, clinicId })),
        },
        tx.db,
      );
    });
  }

  return {
    /** One run of an export's job: a failure is retried by the queue, the last one marks the export failed. */
    async make(job: ExportJob) {
      const { exportId, clinicId } = job;
      // The export is made in its clinic's scope (decision 1340).
      const data = jobData.within(clinicScope(clinicId));
      try {
        await run(data, job);
      } catch (err) {
        const found = await data.fhirExports.find(exportId);
        await data.fhirExports.endRun(exportId, (found?.attempts ?? RUNS) >= RUNS ? 'failed' : 'queued', clock.now());
        throw err;
      }
    },
  };
}

export type FhirBulkExport = ReturnType<typeof createFhirBulkExport>;
