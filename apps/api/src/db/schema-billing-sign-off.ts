import type { BillingCode, BillingPatientRow } from '@rehabit/contract';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinicReference } from './columns.ts';
import { users } from './schema.ts';
import { billingFiles } from './schema-billing.ts';

/** A month's totals per code, money in cents: as billing computes them and as a sign-off keeps them. */
export type CodeTotal = {
  code: BillingCode;
  units: number;
  rateCents: number;
  perUnitCents: number;
  expectedCents: number;
};

/** The figures a sign-off froze: the month's totals per code and its patients' rows, as the billing screen had them. */
export type SignedFigures = { codes: CodeTotal[]; patients: BillingPatientRow[] };

/**
 * The supervisor's sign-off of a clinic's closed month (decision 1210): one per clinic and month, never changed.
 * It keeps the signer's name as it was, the file signed and its SHA-256, the signed copy the month's download
 * answers since, and the figures frozen by it.
 */
export const billingSignOffs = pgTable(
  'billing_sign_offs',
  {
    clinicId: clinicReference(),
    month: text('month').notNull(),
    signedBy: integer('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signerName: text('signer_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    closedFileId: integer('closed_file_id')
      .notNull()
      .references(() => billingFiles.id),
    closedFileSha256: text('closed_file_sha256').notNull(),
    signedFileId: integer('signed_file_id')
      .notNull()
      .references(() => billingFiles.id),
    signedFileSha256: text('signed_file_sha256').notNull(),
    figures: jsonb('figures').$type<SignedFigures>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.month] })],
);
