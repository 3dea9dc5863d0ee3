import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import { clinics, patients } from './schema.ts';

// Columns that many tables share, each written once. Function declarations, not constants: the schema files import
// this file while it imports the tables it references, and a declaration is ready before either file has run.

/** When the row was written. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** The clinic a row belongs to, which a repository's scope narrows by (decision 1340). */
export function clinicReference() {
  return integer('clinic_id')
    .notNull()
    .references(() => clinics.id);
}

/** The patient a row is about. */
export function patientReference() {
  return integer('patient_id')
    .notNull()
    .references(() => patients.id);
}

/** Bytes kept in the row: a file (a billing workbook, an export's file, a logo). */
export function bytea(name: string) {
  return customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })(name);
}
