import { type VisitSpan, visitEndReasons } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clinicReference, createdAt, patientReference } from './columns.ts';
import { interactionLogs, users } from './schema.ts';

/**
 * A video visit (decision 1375): a staff member's one-to-one call with a patient, rung at `created_at`. Each side's
 * connection is kept as spans the server stamped when the side's device reported it; the time both were connected is
 * the overlap of those spans, computed by the server at the end, and logged as a live call when long enough.
 */
export const videoVisits = pgTable(
  'video_visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    patientId: patientReference(),
    /** Who started it, whose call it is. */
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    /** When it rang. */
    createdAt: createdAt(),
    patientJoinedAt: timestamp('patient_joined_at', { withTimezone: true }),
    /** The socket each side takes part from: signals go to it, and its drop is the side's disconnection. */
    staffSocket: text('staff_socket'),
    patientSocket: text('patient_socket'),
    spans: jsonb('spans').$type<VisitSpan[]>().notNull().default([]),
    /** Since when neither side has been connected (the ring at first); null while one is. */
    quietSince: timestamp('quiet_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: visitEndReasons }),
    /** Who ended it (a hang-up, the last side's socket gone); null when the server's sweep did. */
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
    /** The time both sides were connected together, and when that time began and last ended. */
    connectedSeconds: integer('connected_seconds'),
    connectedFrom: timestamp('connected_from', { withTimezone: true }),
    connectedUntil: timestamp('connected_until', { withTimezone: true }),
    /** The live call the visit logged, when both were connected long enough. */
    interactionLogId: integer('interaction_log_id').references(() => interactionLogs.id),
  },
  (t) => [
    index('video_visits_clinic_patient_idx').on(t.clinicId, t.patientId),
    // The sweep's open visits with no side connected.
    index('video_visits_quiet_idx').on(t.quietSince).where(sql`${t.endedAt} is null`),
    index('video_visits_log_idx').on(t.interactionLogId),
  ],
);
