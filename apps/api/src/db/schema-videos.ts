import { captionLanguages, hepRequestStatuses, videoStatuses } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clinicReference, createdAt } from './columns.ts';
import { clinics, users } from './schema.ts';

/** An exercise video: a clinic's own (clinic_id set) or the global library's (clinic_id null). */
export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The video host's id of the file (`video_id` of the upload credentials). */
    guid: text('guid').notNull(),
    clinicId: integer('clinic_id').references(() => clinics.id),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    bodyPart: text('body_part').notNull(),
    purpose: text('purpose').notNull(),
    position: text('position').notNull(),
    positionTitle: text('position_title').notNull(),
    equipment: text('equipment').notNull(),
    reps: integer('reps').notNull(),
    sets: integer('sets').notNull(),
    unhealthyBodyPart: text('unhealthy_body_part').notNull(),
    purposeOfTreatment: text('purpose_of_treatment').notNull(),
    description: text('description').notNull(),
    /** The title and instructions in Spanish; empty when not translated (decision 1231). */
    titleEs: text('title_es').notNull().default(''),
    descriptionEs: text('description_es').notNull().default(''),
    status: text('status', { enum: videoStatuses }).notNull().default('uploading'),
    failureReason: text('failure_reason'),
    durationSeconds: real('duration_seconds'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    mimeType: text('mime_type'),
    hasPoster: boolean('has_poster').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('videos_guid_unique').on(t.guid),
    index('videos_clinic_created_idx').on(t.clinicId, t.createdAt, t.id),
    index('videos_owner_created_idx').on(t.ownerUserId, t.createdAt, t.id),
    index('videos_global_created_idx').on(t.createdAt, t.id).where(sql`${t.clinicId} is null`),
    index('videos_status_idx').on(t.status),
    index('videos_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

/**
 * A video's caption track in one language, its WebVTT text checked when saved (decision 1405). It is the video's:
 * its clinic is the video's, and it goes with the video.
 */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    language: text('language', { enum: captionLanguages }).notNull(),
    vtt: text('vtt').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    cueCount: integer('cue_count').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.language] })],
);

/** A library folder: private to its owner until shared with the owner's clinic. */
export const videoFolders = pgTable(
  'video_folders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('video_folders_owner_name_idx').on(t.ownerUserId, t.name, t.id),
    index('video_folders_clinic_shared_name_idx').on(t.clinicId, t.isShared, t.name, t.id),
  ],
);

export const videoFolderItems = pgTable(
  'video_folder_items',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => videoFolders.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.folderId, t.videoId] }),
    index('video_folder_items_folder_added_idx').on(t.folderId, t.addedAt),
    index('video_folder_items_video_idx').on(t.videoId),
  ],
);

/** A therapist's request for a missing exercise video, answered by the content team (admins). */
export const hepRequests = pgTable(
  'hep_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    requestContent: text('request_content').notNull(),
    createdAt: createdAt(),
    /** Open until the content team answers it (or declines it); answered once, never again (decision 1030). */
    status: text('status', { enum: hepRequestStatuses }).notNull().default('open'),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The global-library video that answers the request, if one does; a deleted video leaves the answer's text. */
    answerVideoId: integer('answer_video_id').references(() => videos.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('hep_requests_created_idx').on(t.createdAt, t.id),
    // The queue of one status, in date order either way.
    index('hep_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    // A requester's own requests, newest first.
    index('hep_requests_requester_created_idx').on(t.requestedBy, t.createdAt, t.id),
  ],
);
