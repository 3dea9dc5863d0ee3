import { patientFillableMeasures } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinicReference, createdAt, patientReference } from './columns.ts';
import { users } from './schema.ts';

/**
 * An outcome measure staff asked a patient to fill in (decision 1360): once, or every `repeat_weeks` weeks from
 * `starts_on`. `next_due_on` is the day it is next asked for: null once a one-time measure is filled in, or when it
 * is stopped. A patient has at most one running assignment of a measure.
 */
export const measureAssignments = pgTable(
  'measure_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    patientId: patientReference(),
    measure: text('measure', { enum: patientFillableMeasures }).notNull(),
    repeatWeeks: smallint('repeat_weeks'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    lastFilledOn: date('last_filled_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stoppedBy: integer('stopped_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('measure_assignments_patient_idx').on(t.patientId),
    uniqueIndex('measure_assignments_running_unique')
      .on(t.patientId, t.measure)
      .where(sql`${t.stoppedAt} is null and ${t.nextDueOn} is not null`),
    check('measure_assignments_repeat_check', sql`${t.repeatWeeks} is null or ${t.repeatWeeks} between 1 and 8`),
  ],
);
