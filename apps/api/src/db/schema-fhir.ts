import { fhirExportStatuses } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, clinicReference, createdAt } from './columns.ts';
import { users } from './schema.ts';

/**
 * A clinic month's FHIR bulk export (decision 1440): asked for by a supervisor or an admin, made by its job. At most
 * one of a clinic month waits or is made at a time; the files are written with the `done` status, in one
 * transaction, so an export is either complete or has no file.
 */
export const fhirExports = pgTable(
  'fhir_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    /** `YYYY-MM`, the clinic's calendar month. */
    month: text('month').notNull(),
    // A text column, so a new status needs no migration.
    status: text('status', { enum: fhirExportStatuses }).notNull().default('queued'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: createdAt(),
    /** How many times its job started it: a run the server died in counts too. */
    attempts: integer('attempts').notNull().default(0),
    patientsTotal: integer('patients_total'),
    patientsDone: integer('patients_done').notNull().default(0),
    /** The patients the made export holds, for the audit of its downloads. */
    patientIds: jsonb('patient_ids').$type<number[]>(),
    /** The job's last sign of life: an export waiting or running without one for long is taken as failed. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('fhir_exports_clinic_idx').on(t.clinicId, t.id),
    uniqueIndex('fhir_exports_active_unique').on(t.clinicId, t.month).where(sql`${t.status} in ('queued', 'running')`),
    check('fhir_exports_progress_check', sql`${t.patientsDone} >= 0`),
  ],
);

/** A made export's file of one resource type: NDJSON, one resource a line. */
export const fhirExportFiles = pgTable(
  'fhir_export_files',
  {
    exportId: integer('export_id')
      .notNull()
      .references(() => fhirExports.id, { onDelete: 'cascade' }),
    clinicId: clinicReference(),
    resourceType: text('resource_type').notNull(),
    /** Where the file comes in the export's list: the patients first, as the export made them. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.resourceType] })],
);
