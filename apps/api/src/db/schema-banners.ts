import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinicReference, patientReference } from './columns.ts';
import { users } from './schema.ts';

/**
 * One staff member's snooze of one banner of a patient (decision 0900): hidden from them until `snoozed_until`, and
 * only while the banner's cause is still `cause` (its fingerprint, e.g. the month of a missing call).
 */
export const bannerSnoozes = pgTable(
  'banner_snoozes',
  {
    clinicId: clinicReference(),
    patientId: patientReference(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    banner: text('banner').notNull(),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }).notNull(),
    cause: text('cause').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.userId, t.banner] }),
    index('banner_snoozes_clinic_idx').on(t.clinicId),
  ],
);
