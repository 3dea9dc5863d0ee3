import { templateVisibilities } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clinicReference, createdAt } from './columns.ts';
import { users } from './schema.ts';
import { videos } from './schema-videos.ts';

/**
 * A program template (decision 1400): a named list of exercises with their dosage, a staff member's own or shared
 * with their clinic. Applying one copies its exercises into a patient's program; the two stay independent.
 */
export const programTemplates = pgTable(
  'program_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    /** Who made it; a private template is theirs alone. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    visibility: text('visibility', { enum: templateVisibilities }).notNull().default('private'),
    /** Retired: no longer offered nor applied, kept for the management screen (and can be brought back). */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    retiredBy: integer('retired_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A staff member's own templates, and the clinic's shared ones, by name.
    index('program_templates_owner_name_idx').on(t.ownerUserId, sql`lower(${t.name})`, t.id),
    index('program_templates_clinic_visibility_name_idx').on(t.clinicId, t.visibility, sql`lower(${t.name})`, t.id),
  ],
);

/** One exercise of a template, with the program item's dosage fields; a deleted video leaves its templates. */
export const programTemplateItems = pgTable(
  'program_template_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    templateId: integer('template_id')
      .notNull()
      .references(() => programTemplates.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sets: integer('sets').notNull(),
    reps: integer('reps').notNull(),
    holdSeconds: integer('hold_seconds').notNull().default(0),
    timesPerDay: integer('times_per_day').notNull().default(1),
    daysPerWeek: integer('days_per_week').notNull().default(7),
    description: text('description').notNull().default(''),
  },
  (t) => [
    index('program_template_items_template_position_idx').on(t.templateId, t.position, t.id),
    index('program_template_items_video_idx').on(t.videoId),
  ],
);
