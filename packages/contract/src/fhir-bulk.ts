/**
 * The clinic month's FHIR bulk export (decision 1440): made by a job, one NDJSON file per resource type, as FHIR's
 * Bulk Data format has it. Supervisors start it for their clinic, admins for the clinic they name.
 */
import { z } from 'zod';
import { billingFileParamsSchema, clinicChoiceSchema } from './billing.ts';
import { idSchema } from './common.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';

/** Where an export stands: waiting for its job, being made (patients done of total), made, or given up. */
export const fhirExportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type FhirExportStatus = (typeof fhirExportStatuses)[number];

/** One resource type's file of a made export: its type, its name and how many resources (lines) it holds. */
export const fhirExportFileSchema = z.object({ type: z.string(), name: z.string(), count: z.number().int() });

export const fhirExportSchema = z.object({
  id: z.number().int(),
  /** `YYYY-MM`, the clinic's calendar month. */
  month: z.string(),
  status: z.enum(fhirExportStatuses),
  patients_done: z.number().int(),
  /** How many patients the month holds, once the job has counted them; null while it waits. */
  patients_total: z.number().int().nullable(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  /** The files, one per resource type, once it is done; empty before. */
  files: z.array(fhirExportFileSchema),
});
export type FhirExport = z.infer<typeof fhirExportSchema>;

/** A month to export, as the billing calls give it (a month that has not started is refused). */
export const fhirExportStartSchema = billingFileParamsSchema;

/** The clinic's exports, newest first, optionally of one month. */
export const fhirExportListQuerySchema = clinicChoiceSchema.extend({
  ...pageQuerySchema.shape,
  month: z.optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Use a month like 2026-03' })),
});

export const fhirExportIdParamsSchema = z.object({ id: idSchema });
export const fhirExportFileParamsSchema = fhirExportIdParamsSchema.extend({
  type: z.string().regex(/^[A-Z][A-Za-z]{1,63}$/, { error: 'Name a FHIR resource type, like Patient' }),
});

export const fhirBulkEndpoints = defineEndpoints('fhir', {
  /**
   * Starts the export of a clinic month (202). One of the same month already waiting or being made is answered
   * instead (200), so a second click never makes a second export.
   */
  start: {
    method: 'POST',
    path: '/api/v1/clinic/fhir-exports/',
    access: 'fhir.bulk_export',
    audit: { change: 'fhir.bulk_export_request' },
    query: clinicChoiceSchema,
    body: fhirExportStartSchema,
    status: 202,
    alsoAnswers: [200],
    response: fhirExportSchema,
  },
  /** The clinic's exports, newest first. */
  list: {
    method: 'GET',
    path: '/api/v1/clinic/fhir-exports/',
    access: 'fhir.bulk_export',
    query: fhirExportListQuerySchema,
    status: 200,
    response: paginated(fhirExportSchema),
  },
  /** One export's state: polled while it is made. Another clinic's is not found. */
  state: {
    method: 'GET',
    path: '/api/v1/clinic/fhir-exports/:id',
    access: 'fhir.bulk_export',
    params: fhirExportIdParamsSchema,
    status: 200,
    response: fhirExportSchema,
  },
  /** One resource type's NDJSON file of a made export (`application/fhir+ndjson`). */
  download: {
    method: 'GET',
    path: '/api/v1/clinic/fhir-exports/:id/:type',
    access: 'fhir.bulk_export',
    audit: { read: 'fhir.bulk_export_download' },
    params: fhirExportFileParamsSchema,
    status: 200,
    file: 'ndjson',
    response: fileResponseSchema,
  },
});
