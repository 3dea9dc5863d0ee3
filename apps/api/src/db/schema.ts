import {
  approvalStatuses,
  auditOutcomes,
  chatSessionKinds,
  consentMethods,
  interactionKinds,
  messageChannels,
  monitoringCodes,
  monitoringEndReasons,
  patientSources,
  patientStatuses,
  roles,
  taskClosedBy,
  taskStatuses,
} from '@rehabit/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, clinicReference, createdAt, patientReference } from './columns.ts';

export const clinics = pgTable(
  'clinics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('America/New_York'),
    address: text('address'),
    npi: text('npi'),
    tin: text('tin'),
    supervisorUserId: integer('supervisor_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** What the clinic pays its staff per hour of monitored time, in cents; null until the clinic sets it. */
    monitoringRateCents: integer('monitoring_rate_cents'),
    /** Whether the program handout is e-mailed with its PDF attached (decision 1415); off until the clinic turns it on. */
    handoutAttachments: boolean('handout_attachments').notNull().default(false),
    /** The clinic's logo, a PNG or JPEG of at most 200 kB printed on the handout (decision 1430); read only by itself. */
    logo: bytea('logo'),
    logoType: text('logo_type', { enum: ['image/png', 'image/jpeg'] }),
  },
  (t) => [
    check('clinics_monitoring_rate_check', sql`${t.monitoringRateCents} >= 0`),
    // The platform admin's list of clinics, by name.
    index('clinics_name_idx').on(t.name, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: roles }).notNull(),
    approvalStatus: text('approval_status', { enum: approvalStatuses }).notNull().default('pending'),
    hasAccess: boolean('has_access').notNull().default(true),
    isFeatureNotificationOn: boolean('is_feature_notification_on').notNull().default(true),
    isNewBillingUploaded: boolean('is_new_billing_uploaded').notNull().default(false),
    /** The rendering clinician's National Provider Identifier, for the billing file. */
    npi: text('npi'),
    /** A therapist assistant: more than 10 % of a month's monitored time by assistants adds the CQ modifier. */
    isAssistant: boolean('is_assistant').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_clinic_role_idx').on(t.clinicId, t.role),
    index('users_clinic_status_idx').on(t.clinicId, t.approvalStatus),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['staff', 'supervisor', 'patient'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Failed sign-ins, by account key (e-mail or supervisor clinic), for the lockout rule. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    ip: text('ip'),
    /** The address as the limits count it (an IPv6 one by its /64); none on rows older than decision 1295. */
    client: text('client'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_account_at_idx').on(t.account, t.at),
    index('sign_in_failures_client_at_idx').on(t.client, t.at),
  ],
);

/** The addresses each account key last signed in from (decision 1295). */
export const signInClients = pgTable(
  'sign_in_clients',
  {
    account: text('account').notNull(),
    client: text('client').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.client] })],
);

/**
 * Append-only: a trigger in the migrations refuses UPDATE and DELETE; another sets `at` to the database's time on
 * every insert (decision 1266).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    clinicId: integer('clinic_id'),
    patientId: integer('patient_id'),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: auditOutcomes }).notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_clinic_at_idx').on(t.clinicId, t.at),
    index('audit_events_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_events_patient_at_idx').on(t.patientId, t.at),
    // The audit log viewer: every clinic newest first, and one clinic's rows of one action (decision 1022).
    index('audit_events_at_idx').on(t.at),
    index('audit_events_clinic_action_at_idx').on(t.clinicId, t.action, t.at),
  ],
);

/** A file an e-mail carried, as the outbox records it: never its content (decision 1415). */
export type OutboxAttachment = { filename: string; contentType: string; size: number };

export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /**
     * The files an e-mail carried: name, media type and size only (decision 1415). The bytes go to the mail server
     * from memory and are never stored here: this table takes no clinic scope.
     */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'suppressed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const icd10Codes = pgTable(
  'icd10_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
  },
  (t) => [index('icd10_codes_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`)],
);

export const patients = pgTable(
  'patients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    /** The patient's own sign-in account, when they have one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dialCode: text('dial_code').notNull().default('+1'),
    phone: text('phone').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    email: text('email'),
    diagnosis: text('diagnosis').references(() => icd10Codes.code),
    /** The patient's medical record number in the clinic's EMR, and the payer's member id, for claims (decision 1435). */
    mrn: text('mrn'),
    insuranceMemberId: text('insurance_member_id'),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: patientStatuses }).notNull().default('registered'),
    isRtmCovered: boolean('is_rtm_covered').notNull().default(false),
    consentDate: date('consent_date', { mode: 'string' }),
    consentMethod: text('consent_method', { enum: consentMethods }),
    source: text('source', { enum: patientSources }).notNull().default('staff'),
    /** Lower-cased name, e-mail and phone digits, for one trigram-indexed search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${patients.firstName} || ' ' || ${patients.lastName} || ' ' || coalesce(${patients.email}, '') || ' ' || ${patients.phone})`,
      ),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patients_clinic_status_name_idx').on(t.clinicId, t.status, t.lastName, t.firstName, t.id),
    // Status and search text after the order's columns: the list and a search's name-order sample read the index only.
    index('patients_clinic_name_idx').on(t.clinicId, t.lastName, t.firstName, t.id, t.status, t.searchText),
    index('patients_clinic_birthday_idx').on(t.clinicId, t.birthday),
    index('patients_therapist_idx').on(t.therapistId),
    // Searches of one or two letters match the start of a name; trigrams need three.
    index('patients_clinic_last_prefix_idx').on(t.clinicId, sql`lower(${t.lastName}) text_pattern_ops`),
    index('patients_clinic_first_prefix_idx').on(t.clinicId, sql`lower(${t.firstName}) text_pattern_ops`),
    // The search's trigrams tagged with the clinic (migration 0017): a search reads only the caller's clinic.
    index('patients_search_grams_idx').using('gin', sql`patient_search_grams(${t.clinicId}, ${t.searchText})`),
    // Sign-in by phone code finds the patient by the full E.164 number across clinics.
    index('patients_e164_phone_idx').on(
      sql`('+' || regexp_replace(${t.dialCode}, '\\D', '', 'g') || regexp_replace(${t.phone}, '\\D', '', 'g'))`,
    ),
  ],
);

/** An RTM episode: from onboarding (or re-onboarding) to discharge or removal. */
export const patientEpisodes = pgTable(
  'patient_episodes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientId: patientReference(),
    clinicId: clinicReference(),
    diagnosis: text('diagnosis')
      .notNull()
      .references(() => icd10Codes.code),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    startedBy: integer('started_by'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: integer('ended_by'),
  },
  (t) => [index('patient_episodes_patient_idx').on(t.patientId, t.startedAt)],
);

/** Every lifecycle transition of a patient, with who and when. */
export const patientEvents = pgTable(
  'patient_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: patientReference(),
    clinicId: integer('clinic_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorUserId: integer('actor_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('patient_events_patient_idx').on(t.patientId, t.at)],
);

/** A logged live call (phone or video): the evidence for RTM treatment management. */
export const interactionLogs = pgTable(
  'interaction_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientId: patientReference(),
    clinicId: integer('clinic_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: interactionKinds }).notNull().default('phone'),
    minutes: integer('minutes').notNull().default(0),
    /** When the call began (decision 1280): with `minutes`, the span one clinician's calls may not overlap. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Deleted logs are kept for the audit trail and left out of lists and billing. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    index('interaction_logs_patient_date_idx').on(t.patientId, t.date),
    // A clinic's calls of a month, for its monthly minutes.
    index('interaction_logs_clinic_date_idx').on(t.clinicId, t.date),
    // A clinician's calls near a new one, for the overlap check.
    index('interaction_logs_creator_start_idx').on(t.createdBy, t.startedAt),
  ],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries of the code, from anyone. */
    attempts: integer('attempts').notNull().default(0),
    /** Of those, the tries from clients other than `client`: capped, so others cannot use up the code. */
    foreignAttempts: integer('foreign_attempts').notNull().default(0),
    ip: text('ip'),
    /** Who asked for the code, for the limits per phone and client: the address, an IPv6 one by its /64. */
    client: text('client'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Proof of the verified phone for the registration that follows; hashed like every token. */
    verificationTokenHash: text('verification_token_hash'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('otp_challenges_phone_idx').on(t.phone, t.createdAt),
    index('otp_challenges_token_idx').on(t.verificationTokenHash),
  ],
);

/** Wrong phone codes, counted per phone and per phone and client apart from the codes sent (decision 0504). */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    client: text('client').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('otp_failures_phone_at_idx').on(t.phone, t.at)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    patientId: integer('patient_id').references(() => patients.id),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: taskStatuses }).notNull().default('new'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by'),
    /** The staff member who gave the task; null for a rule's task. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** A rule task's cause key (`patient:12:month:2026-03`): one task per clinic, kind and cause, ever. */
    cause: text('cause'),
    /** Who closed a done task: a person, or its rule when the cause went away. */
    closedBy: text('closed_by', { enum: taskClosedBy }),
  },
  (t) => [
    // The list: a clinic's tasks of a status, all or those of one assignee (and the unassigned), newest first.
    index('tasks_clinic_status_assignee_idx').on(t.clinicId, t.status, t.assigneeId, t.createdAt.desc()),
    index('tasks_patient_status_idx').on(t.patientId, t.status),
    // The same cause never makes a second task, whichever server evaluates the rules (insert … on conflict).
    uniqueIndex('tasks_clinic_kind_cause_unique').on(t.clinicId, t.kind, t.cause).where(sql`${t.cause} is not null`),
  ],
);

export * from './schema-videos.ts';

/**
 * A conversation: a patient's with their clinic (shared by the clinic's staff), or a staff member's with support.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    kind: text('kind', { enum: chatSessionKinds }).notNull(),
    patientId: integer('patient_id').references(() => patients.id),
    staffUserId: integer('staff_user_id').references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastPatientMessageAt: timestamp('last_patient_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_sessions_patient_unique').on(t.patientId),
    uniqueIndex('chat_sessions_support_staff_unique').on(t.staffUserId),
    index('chat_sessions_clinic_kind_last_idx').on(t.clinicId, t.kind, t.lastMessageAt),
    index('chat_sessions_kind_last_idx').on(t.kind, t.lastMessageAt),
  ],
);

/** Saved before it is sent: a message exists here before any socket hears of it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_session_id_idx').on(t.sessionId, t.id),
    uniqueIndex('chat_messages_client_unique').on(t.sessionId, t.senderUserId, t.clientId),
  ],
);

/** How far each reader has read each conversation; unread counts are the messages after it. */
export const chatReads = pgTable(
  'chat_reads',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);
/**
 * A staff member monitored on one patient (RTM time): from its start to its end, the seconds counted by heart-beats
 * the server capped by its own clock. One open session per user (the partial unique index); a month's minutes of a
 * patient are summed from its sessions by `started_at`. The start and the end are in the audit log; the heart-beats
 * only move `seconds` and `last_beat_at` here.
 */
export const monitoringSessions = pgTable(
  'monitoring_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicReference(),
    patientId: patientReference(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * Where the clinician was: named by the start, then by the latest heart-beat or end that counted (decision 1221).
     * None only for a session started without one (the original contract's start) that no heart-beat or end of its
     * client reached.
     */
    context: text('context', { enum: monitoringCodes }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // A text column, so a new reason needs no migration.
    endReason: text('end_reason', { enum: monitoringEndReasons }),
    seconds: integer('seconds').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('monitoring_sessions_open_user_unique').on(t.userId).where(sql`${t.endedAt} is null`),
    index('monitoring_sessions_patient_started_idx').on(t.patientId, t.startedAt),
    // A clinic's sessions of a month, for its monthly minutes.
    index('monitoring_sessions_clinic_started_idx').on(t.clinicId, t.startedAt),
    check('monitoring_sessions_seconds_check', sql`${t.seconds} >= 0`),
    check(
      'monitoring_sessions_end_check',
      sql`(${t.endedAt} is null) = (${t.endReason} is null) and ${t.lastBeatAt} >= ${t.startedAt}`,
    ),
  ],
);

export * from './schema-banners.ts';
export * from './schema-billing.ts';
export * from './schema-billing-sign-off.ts';
export * from './schema-fhir.ts';
export * from './schema-hep.ts';
export * from './schema-measures.ts';
export * from './schema-referral.ts';
export * from './schema-reminders.ts';
export * from './schema-templates.ts';
export * from './schema-visits.ts';
