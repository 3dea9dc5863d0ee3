import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, clinicReference, createdAt } from './columns.ts';
import { users } from './schema.ts';
import type { SignedFigures } from './schema-billing-sign-off.ts';

export const billingFileSources = ['generated', 'uploaded', 'signed'] as const;
export type BillingFileSource = (typeof billingFileSources)[number];

/**
 * A clinic's own rate of a code in a rule year, in cents, where it differs from the default (decision 0802).
 * Codes without a row bill at the contract's default rate.
 */
export const billingRates = pgTable(
  'billing_rates',
  {
    clinicId: clinicReference(),
    year: integer('year').notNull(),
    code: text('code').notNull(),
    rateCents: integer('rate_cents').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.year, t.code] }),
    check('billing_rates_rate_check', sql`${t.rateCents} >= 0`),
  ],
);

/**
 * A clinic's billing file of a month (an XLSX workbook): made at month close or by an admin, or a corrected one an
 * admin uploaded. Every version is kept; the newest is the month's file.
 */
export const billingFiles = pgTable(
  'billing_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    /** `YYYY-MM`, the clinic's calendar month. */
    month: text('month').notNull(),
    name: text('name').notNull(),
    content: bytea('content').notNull(),
    /** Made from the data, uploaded by an admin, or the signed copy of the file a supervisor signed off. */
    source: text('source', { enum: billingFileSources }).notNull(),
    /** Who made or uploaded it; null for the month-close job. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('billing_files_clinic_month_idx').on(t.clinicId, t.month, t.id)],
);

/**
 * A clinic's closed month: the row the month-close job inserts before it makes the file, so that a month is closed
 * once even when several servers run the job at the same time.
 */
export const billingMonthCloses = pgTable(
  'billing_month_closes',
  {
    clinicId: clinicReference(),
    month: text('month').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    fileId: integer('file_id').references(() => billingFiles.id),
    /**
     * The figures the month's file was made from, and when (decision 1285): what every screen shows of the closed
     * month. Null for months closed before they were kept.
     */
    figures: jsonb('figures').$type<SignedFigures>(),
    filedAt: timestamp('filed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.month] })],
);
