import { reminderChannels, reminderLanguages, reminderOutcomes } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinicReference, createdAt, patientReference } from './columns.ts';
import { users } from './schema.ts';

/** A patient's exercise reminders (decision 1350): one row a patient, saved by staff first or by the patient. */
export const reminderSchedules = pgTable(
  'reminder_schedules',
  {
    patientId: patientReference().primaryKey(),
    clinicId: clinicReference(),
    enabled: boolean('enabled').notNull().default(false),
    /** Weekdays, `mon` … `sun`. */
    days: text('days').array().notNull(),
    /** HH:MM on the patient's clocks. */
    localTime: text('local_time').notNull(),
    timezone: text('timezone').notNull(),
    language: text('language', { enum: reminderLanguages }).notNull(),
    channels: text('channels', { enum: reminderChannels }).array().notNull(),
    quietHoursAllowed: boolean('quiet_hours_allowed').notNull().default(false),
    setBy: text('set_by', { enum: ['patient', 'staff'] }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** A STOP text reply; a START reply clears it. */
    smsOptedOut: boolean('sms_opted_out').notNull().default(false),
    /** The e-mail's unsubscribe link; the patient choosing e-mail again clears it. */
    emailOptedOut: boolean('email_opted_out').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the reminders' job next has something to decide for this schedule (its next reminder's time; a save's time,
     * to look at once); nothing is owed from before it. Null while the patient is out of care (decision 1370). The job
     * reads only the schedules whose time has come.
     */
    nextAt: timestamp('next_at', { withTimezone: true }),
  },
  (t) => [
    index('reminder_schedules_clinic_idx').on(t.clinicId),
    index('reminder_schedules_next_at_idx').on(t.nextAt).where(sql`${t.enabled}`),
  ],
);

/**
 * What one day's reminder became on each channel. The row is the claim: one per patient, local day and channel,
 * inserted with its outbox message in one short transaction, so a reminder goes out once however many servers run
 * the job (decision 1350); the provider's answer after the commit sets the outcome of a `pending` row.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    patientId: patientReference(),
    /** The patient's calendar day the reminder was for. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: reminderChannels }).notNull(),
    outcome: text('outcome', { enum: reminderOutcomes }).notNull(),
    /** Why a send failed; never the message. */
    reason: text('reason'),
    /** When the schedule had it due. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When it was decided; for a `pending` row, when its delivery was last begun. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    outboxId: integer('outbox_id'),
  },
  (t) => [
    uniqueIndex('reminder_deliveries_claim_idx').on(t.patientId, t.localDate, t.channel),
    index('reminder_deliveries_clinic_patient_at_idx').on(t.clinicId, t.patientId, t.at),
    index('reminder_deliveries_pending_idx').on(t.at).where(sql`${t.outcome} = 'pending'`),
  ],
);

/**
 * A patient's device that takes push notifications (decision 1365): the browser's subscription, one row a device.
 * The endpoint is the push service's address for that device, unique: a phone signed in by another patient is theirs
 * from then on. The endpoint and keys are never logged nor shown.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    patientId: patientReference(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and authentication secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    /** When a push service last took a reminder for it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_clinic_patient_idx').on(t.clinicId, t.patientId),
  ],
);
