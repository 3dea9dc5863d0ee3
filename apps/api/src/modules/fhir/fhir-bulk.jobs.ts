import type { Jobs } from '../../jobs/job-queue.ts';
import type { FhirBulkExport } from './fhir-bulk-export.ts';

/** The clinic months' FHIR bulk exports on the job queue (decision 1440): each job makes one export. */
export async function runFhirBulkExports(jobs: Jobs, bulkExport: FhirBulkExport): Promise<void> {
  await jobs.work('fhir-bulk-export', (job) => bulkExport.make(job));
}
