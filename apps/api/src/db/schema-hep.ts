import { difficulties } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, patientReference } from './columns.ts';
import { users } from './schema.ts';
import { measureAssignments } from './schema-measures.ts';
import { videoFolders, videos } from './schema-videos.ts';

/**
 * One exercise of a patient's home program. Deleted items keep their row (`deleted_at`) so a delete can be
 * undone and past weeks' progress still knows what was assigned then.
 */
export const hepItems = pgTable(
  'hep_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: integer('clinic_id').notNull(),
    patientId: patientReference(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id),
    folderId: integer('folder_id').references(() => videoFolders.id, { onDelete: 'set null' }),
    folderName: text('folder_name'),
    position: integer('position').notNull(),
    sets: integer('sets').notNull(),
    reps: integer('reps').notNull(),
    holdSeconds: integer('hold_seconds').notNull().default(0),
    timesPerDay: integer('times_per_day').notNull().default(1),
    daysPerWeek: integer('days_per_week').notNull().default(7),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    index('hep_items_patient_position_idx').on(t.patientId, t.position, t.id).where(sql`${t.deletedAt} is null`),
    index('hep_items_patient_created_idx').on(t.patientId, t.createdAt),
    index('hep_items_video_idx').on(t.videoId),
  ],
);

/** An exercise the patient did: the evidence of adherence and a data day. */
export const exerciseLogs = pgTable(
  'exercise_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: integer('clinic_id').notNull(),
    patientId: patientReference(),
    hepItemId: integer('hep_item_id')
      .notNull()
      .references(() => hepItems.id),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull(),
    /** The calendar day in the clinic's timezone when it was done. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    setsDone: smallint('sets_done').notNull(),
    repsDone: smallint('reps_done'),
    pain: smallint('pain'),
    difficulty: text('difficulty', { enum: difficulties }),
    note: text('note').notNull().default(''),
    clientId: text('client_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exercise_logs_patient_client_unique').on(t.patientId, t.clientId),
    index('exercise_logs_patient_date_idx').on(t.patientId, t.localDate),
    index('exercise_logs_item_date_idx').on(t.hepItemId, t.localDate),
    // Each item's latest log without reading its history (the patient's today screen).
    index('exercise_logs_item_performed_idx').on(t.hepItemId, t.performedAt, t.id),
  ],
);

/** A health reading (steps, pain, heart rate, …) typed in by the patient or synced from a health platform. */
export const healthMetrics = pgTable(
  'health_metrics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clinicId: integer('clinic_id').notNull(),
    patientId: patientReference(),
    kind: text('kind').notNull(),
    value: doublePrecision('value').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A synced batch sent twice stores each reading once.
    uniqueIndex('health_metrics_dedup_unique').on(t.patientId, t.kind, t.source, t.measuredAt),
    index('health_metrics_patient_date_idx').on(t.patientId, t.localDate, t.kind),
  ],
);

/** A named outcome-measure series of a patient, e.g. LEFS, or "Right knee flexion" range of motion. */
export const functionalMeasures = pgTable(
  'functional_measures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: integer('clinic_id').notNull(),
    patientId: patientReference(),
    datatypeId: integer('datatype_id').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('functional_measures_patient_name_unique').on(t.patientId, t.datatypeId, sql`lower(${t.name})`)],
);

/** One dated result of a series: the raw answers, the score, and the scoring version that made it. */
export const functionalEntries = pgTable(
  'functional_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    measureId: integer('measure_id')
      .notNull()
      .references(() => functionalMeasures.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id').notNull(),
    patientId: integer('patient_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    answers: jsonb('answers').$type<(number | null)[]>().notNull(),
    score: real('score').notNull(),
    scoringVersion: text('scoring_version').notNull(),
    note: text('note').notNull().default(''),
    /**
     * Who filled it in: staff (an evaluation in the clinic or on a call) or the patient on their own. Only the
     * patient's own entries are patient-generated data, so only they make an RTM data day (decision 1200).
     */
    enteredBy: text('entered_by', { enum: ['staff', 'patient'] })
      .notNull()
      .default('staff'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The patient's own entry: the assignment it answered and the phone's id of the submission (decision 1360). */
    assignmentId: integer('assignment_id').references(() => measureAssignments.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    /** PSFS the patient filled in: the activities they named, in the order of the answers. */
    activities: jsonb('activities').$type<string[]>(),
  },
  (t) => [
    index('functional_entries_measure_date_idx').on(t.measureId, t.date),
    index('functional_entries_patient_date_idx').on(t.patientId, t.date),
    // A submission sent twice is stored once.
    uniqueIndex('functional_entries_patient_client_unique').on(t.patientId, t.clientId),
  ],
);
