import {
  type CallStatus,
  CHAT_OUTDATED_DAYS,
  type ChatFreshness,
  callStatusOf,
  canBillRtm,
  chatFreshnessOf,
  localDateOf,
  NO_DATA_DAYS,
} from '@rehabit/contract';
import { and, eq, inArray, isNotNull, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { hasDataDayIn } from '../../db/data-days.ts';
import { chatSessions, clinics, interactionLogs, patientEpisodes, patients } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

/**
 * Call status and chat freshness (decision 0901), from existing tables: a live call is an interaction log that is
 * not deleted, dated in the clinic's current calendar month; freshness reads the patient chat's last patient
 * message. The month is the clinic's, from its timezone, so the SQL filters and the pure rules agree. Every inner
 * read keeps to the patient row's clinic, as the outer query keeps to the scope (decision 1340): another clinic's
 * row naming the patient is none of theirs.
 */

/** The timezone of a patient row's clinic. */
const clinicTimezone = sql`(select ${clinics.timezone} from ${clinics} where ${clinics.id} = ${patients.clinicId})`;

/** The clinic's current month `[start, next month's start)` as dates, for a patient row's clinic. */
const monthBounds = (now: Date) => {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${clinicTimezone})`;
  return {
    start: sql`date_trunc('month', ${local})::date`,
    end: sql`(date_trunc('month', ${local}) + interval '1 month')::date`,
  };
};

/** Patients whose RTM can bill, covered and consented (`canBillRtm` of the contract): `billable=yes`. */
export const rtmBillableCondition: SQL = and(eq(patients.isRtmCovered, true), isNotNull(patients.consentDate))!;

/**
 * Onboarded patients whose RTM can bill without a live call this month in their clinic's calendar (CALL_NOK, and
 * the call is needed: decision 1240): `call=needed`.
 */
export function callNeededCondition(now: Date): SQL {
  const { start, end } = monthBounds(now);
  return and(
    eq(patients.status, 'onboarded'),
    rtmBillableCondition,
    sql`not exists (
      select 1 from ${interactionLogs}
      where ${interactionLogs.patientId} = ${patients.id} and ${interactionLogs.clinicId} = ${patients.clinicId}
        and ${interactionLogs.deletedAt} is null
        and ${interactionLogs.date} >= ${start} and ${interactionLogs.date} < ${end})`,
  )!;
}

/**
 * Onboarded patients without a data day for NO_DATA_DAYS days of their clinic's calendar (today and the days
 * before it), counted from the current episode's start when they have none since (a patient onboarded fewer days
 * ago is not quiet yet): `data=quiet`, the rule of the "no data" banner.
 */
export function dataQuietCondition(now: Date): SQL {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${clinicTimezone})::date`;
  return and(
    eq(patients.status, 'onboarded'),
    sql`exists (
      select 1 from ${patientEpisodes}
      where ${patientEpisodes.patientId} = ${patients.id} and ${patientEpisodes.clinicId} = ${patients.clinicId}
        and ${patientEpisodes.endedAt} is null
        and (${patientEpisodes.startedAt} at time zone ${clinicTimezone})::date <= ${today} - ${NO_DATA_DAYS}::int)`,
    not(hasDataDayIn(patients.id, patients.clinicId, sql`${today} - ${NO_DATA_DAYS - 1}::int`, sql`${today} + 1`)),
  )!;
}

/**
 * Onboarded patients without a message of theirs for CHAT_OUTDATED_DAYS (CHAT_OUTDATED), never-writers included,
 * in care (the current episode) for as long: `chat=outdated`, as `chatFreshnessOf` says it.
 */
export function chatOutdatedCondition(now: Date): SQL {
  const cutoff = new Date(now.getTime() - CHAT_OUTDATED_DAYS * 86_400_000).toISOString();
  return and(
    eq(patients.status, 'onboarded'),
    sql`not exists (
      select 1 from ${chatSessions}
      where ${chatSessions.patientId} = ${patients.id} and ${chatSessions.clinicId} = ${patients.clinicId}
        and ${chatSessions.lastPatientMessageAt} > ${cutoff}::timestamptz)`,
    sql`not exists (
      select 1 from ${patientEpisodes}
      where ${patientEpisodes.patientId} = ${patients.id} and ${patientEpisodes.clinicId} = ${patients.clinicId}
        and ${patientEpisodes.endedAt} is null and ${patientEpisodes.startedAt} > ${cutoff}::timestamptz)`,
  )!;
}

export type ContactStatus = { call_status: CallStatus; chat_freshness: ChatFreshness };

/**
 * The contact status of the given patients of the scope (callers pass only their visible, onboarded patients; one
 * outside the scope has none), in one query: the clinic's timezone, the latest live call up to the end of the
 * clinic's month, the last patient message.
 */
async function contactStatusesOf(
  db: DbOrTx,
  scope: ClinicScope,
  ids: number[],
  now: Date,
): Promise<Map<number, ContactStatus>> {
  const statuses = new Map<number, ContactStatus>();
  if (ids.length === 0) return statuses;
  const { end } = monthBounds(now);
  const rows = await db
    .select({
      id: patients.id,
      timezone: clinics.timezone,
      isCovered: patients.isRtmCovered,
      consentDate: patients.consentDate,
      lastCallDay: sql<string | null>`(
        select max(${interactionLogs.date})::text from ${interactionLogs}
        where ${interactionLogs.patientId} = ${patients.id} and ${interactionLogs.clinicId} = ${patients.clinicId}
          and ${interactionLogs.deletedAt} is null and ${interactionLogs.date} < ${end})`,
      lastPatientMessageAt: chatSessions.lastPatientMessageAt,
      inCareSince: sql<string | null>`(
        select max(${patientEpisodes.startedAt}) from ${patientEpisodes}
        where ${patientEpisodes.patientId} = ${patients.id} and ${patientEpisodes.clinicId} = ${patients.clinicId}
          and ${patientEpisodes.endedAt} is null)`,
    })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .leftJoin(
      chatSessions,
      and(
        eq(chatSessions.patientId, patients.id),
        eq(chatSessions.clinicId, patients.clinicId),
        eq(chatSessions.kind, 'patient'),
      ),
    )
    .where(and(inArray(patients.id, ids), inScope(patients.clinicId, scope)));
  for (const row of rows) statuses.set(row.id, contactStatusFrom(row, now));
  return statuses;
}

/** What a patient's contact status is read from: the clinic's timezone and the latest call and message. */
export type ContactFacts = {
  timezone: string;
  isCovered: boolean;
  consentDate: string | null;
  /** The latest live call's day up to the end of the clinic's month. */
  lastCallDay: string | null;
  lastPatientMessageAt: Date | string | null;
  /** The open episode's start. */
  inCareSince: Date | string | null;
};

/** A patient's call status now, by the rules of the contract, from what was read of them. */
export const callStatusFrom = (
  facts: Pick<ContactFacts, 'timezone' | 'isCovered' | 'consentDate' | 'lastCallDay'>,
  now: Date,
): CallStatus =>
  callStatusOf(
    facts.lastCallDay ? [facts.lastCallDay] : [],
    localDateOf(now, facts.timezone),
    canBillRtm({ isCovered: facts.isCovered, hasConsent: facts.consentDate !== null }),
  );

/** A patient's contact status now, by the rules of the contract, from what was read of them. */
export function contactStatusFrom(facts: ContactFacts, now: Date): ContactStatus {
  return {
    call_status: callStatusFrom(facts, now),
    chat_freshness: chatFreshnessOf(
      facts.lastPatientMessageAt ? new Date(facts.lastPatientMessageAt) : null,
      now,
      facts.inCareSince ? new Date(facts.inCareSince) : null,
    ),
  };
}

/** The contact status of a scope's patients, as the patient list and the chat list show it. */
export const createContactStatusRepository = (db: DbOrTx, scope: ClinicScope) => ({
  of: (ids: number[], now: Date) => contactStatusesOf(db, scope, ids, now),
});
