import { createHash } from 'node:crypto';
import { PATIENT_LIST_CAP, type PatientListQuery, type PatientStatus } from '@rehabit/contract';
import { and, eq, fillPlaceholders, not, type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { runPrepared } from '../../db/prepared.ts';
import { clinics, icd10Codes, patientEpisodes, patients, users } from '../../db/schema.ts';
import type { ClinicScope } from '../../db/scope.ts';
import { patientVisibleIn } from '../../db/visibility.ts';
import {
  callNeededCondition,
  chatOutdatedCondition,
  dataQuietCondition,
  rtmBillableCondition,
} from './contact-status.repository.ts';
import type { PatientSqlRow } from './patient-sql-row.ts';

/**
 * The patient list in one statement: the count (capped) and the page's patients with their details. How the matches
 * are collected (decision 1105):
 * - without search words, the first PATIENT_LIST_CAP + 1 patients in name order, read along the name index;
 * - with search words, first the matches among the first NAME_ORDER_SAMPLE patients in name order: a common term
 *   finds more than the cap there, and these are exactly the first in name order; otherwise the matches are collected
 *   through the clinic's trigram index, at most PATIENT_LIST_CAP + 1 of them, and sorted.
 */

/** How many patients in name order a search examines before it turns to the trigram index. */
export const NAME_ORDER_SAMPLE = 5000;
const COLLECT = PATIENT_LIST_CAP + 1;
// Constants written into the statement, so its plan knows them.
const collect = sql.raw(String(COLLECT));
const sampleSize = sql.raw(String(NAME_ORDER_SAMPLE));

/** A value bound into the statement: a placeholder while the statement is built once for its shape. */
type Bind = (name: string, value: unknown) => unknown;
const byValue: Bind = (_name, value) => value;
const byPlaceholder: Bind = (name) => sql.placeholder(name);

/** A typed date of birth: `1950-04-23` or `04/23/1950`. */
function parseBirthday(term: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(term);
  if (iso) return term;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(term);
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : null;
}

/**
 * A search word: three characters or more are found anywhere in the name, e-mail or phone; one or two must start the
 * first or last name, since trigrams need three. A phone number is searched by its digits. `grams`: whether the word
 * has trigrams the index knows (three letters or digits in a row for a long word, one for a short word's start).
 */
type Word = { text: string; kind: 'short' | 'long'; grams: boolean };

function wordsOf(search: string): Word[] {
  return search
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (/^[\d\s().+-]+$/.test(w) ? w.replace(/\D/g, '') : w))
    .filter(Boolean)
    .map(
      (text): Word =>
        // pg_trgm shows a trigram with a character beyond ASCII as a hash, hiding whether it starts or ends a word,
        // which the index's filters read: such a word is matched by its LIKE alone.
        /[^ -~]/.test(text)
          ? { text, kind: text.length < 3 ? 'short' : 'long', grams: false }
          : text.length < 3
            ? { text, kind: 'short', grams: /[\p{L}\p{N}]/u.test(text) }
            : { text, kind: 'long', grams: /[\p{L}\p{N}]{3}/u.test(text) },
    );
}

type Search = { kind: 'none' } | { kind: 'birthday'; date: string } | { kind: 'words'; words: Word[] };

function searchOf(text: string | undefined): Search {
  if (!text) return { kind: 'none' };
  const date = parseBirthday(text);
  if (date) return { kind: 'birthday', date };
  const words = wordsOf(text);
  return words.length ? { kind: 'words', words } : { kind: 'none' };
}

type SearchColumns = { text: SQL; first: SQL; last: SQL };
const columnsOf = (table: string): SearchColumns => ({
  text: sql`${sql.identifier(table)}.search_text`,
  first: sql`${sql.identifier(table)}.first_name`,
  last: sql`${sql.identifier(table)}.last_name`,
});

/** A word's LIKE pattern: the start of a name for a short word, anywhere in `search_text` for a long one. */
const patternOf = (w: Word) => (w.kind === 'short' ? `${escapeLike(w.text)}%` : `%${escapeLike(w.text)}%`);

/** Every word must match. `search_text` is lower-cased, so LIKE matches as ILIKE would. */
function wordsMatch(words: Word[], c: SearchColumns, bind: Bind): SQL {
  return and(
    ...words.map((w, i) => {
      const pattern = bind(`w${i}`, patternOf(w));
      return w.kind === 'short'
        ? sql`(lower(${c.first}) like ${pattern} or lower(${c.last}) like ${pattern})`
        : sql`${c.text} like ${pattern}`;
    }),
  )!;
}

/** The words the trigram index narrows by: those found anywhere, those found at a word's start. */
function gramWordsOf(words: Word[]) {
  const of = (kind: Word['kind']) =>
    words
      .filter((w) => w.grams && w.kind === kind)
      .map((w) => w.text)
      .join(' ') || null;
  const grams = { anywhere: of('long'), starts: of('short') };
  return grams.anywhere || grams.starts ? grams : undefined;
}

/**
 * The rows a rare term is looked for in: those holding the words' trigrams in the clinic's trigram index (migration
 * 0017), read lazily until the cap. Fenced (`offset 0`) so the planner reads the trigram index, never a name index
 * until enough rows match (slow for a late-alphabet name). Named `patients`, so the list's filters apply to it.
 */
function candidatesOf(scope: ClinicScope, words: Word[], bind: Bind): SQL {
  const grams = gramWordsOf(words);
  if (scope.kind === 'all' || !grams) return sql`${patients}`;
  return sql`(
    select id, clinic_id, status, therapist_id, is_rtm_covered, consent_date, last_name, first_name, search_text
    from ${patients}
    where patient_search_grams(clinic_id, search_text) @> patient_search_query_grams(
      ${bind('clinicId', scope.clinicId)}::int, ${bind('anywhere', grams.anywhere)}::text, ${bind('starts', grams.starts)}::text)
    offset 0) as ${patients}`;
}

type Filters = Pick<PatientListQuery, 'status' | 'therapist_id' | 'billable' | 'call' | 'chat' | 'data'>;

/** The list's filters but the search, on the `patients` table. */
function filtersOf(scope: ClinicScope, query: Filters, now: Date, onlyIds: readonly number[] | undefined, bind: Bind) {
  return and(
    patientVisibleIn(
      scope.kind === 'all' ? scope : { kind: 'clinic', clinicId: bind('clinicId', scope.clinicId) as number },
    ),
    query.status ? eq(patients.status, bind('status', query.status) as PatientStatus) : undefined,
    onlyIds ? sql`${patients.id} = any(${bind('onlyIds', [...onlyIds])}::int[])` : undefined,
    query.billable === 'yes' ? rtmBillableCondition : undefined,
    query.billable === 'no' ? not(rtmBillableCondition) : undefined,
    query.call === 'needed' ? callNeededCondition(now) : undefined,
    query.chat === 'outdated' ? chatOutdatedCondition(now) : undefined,
    query.data === 'quiet' ? dataQuietCondition(now) : undefined,
    query.therapist_id ? eq(patients.therapistId, bind('therapistId', query.therapist_id) as number) : undefined,
  )!;
}

/** The list's filters but the search, with their values in place. */
export const listFilters = (scope: ClinicScope, query: Filters, now: Date, onlyIds?: readonly number[]) =>
  filtersOf(scope, query, now, onlyIds, byValue);

/** The search as one condition on `patients`, for the figures counted from the list's filters (the dashboard). */
export function searchCondition(text: string | undefined): SQL | undefined {
  const search = searchOf(text);
  if (search.kind === 'birthday') return eq(patients.birthday, search.date);
  if (search.kind === 'words') return wordsMatch(search.words, columnsOf('patients'), byValue);
  return undefined;
}

/** Who reads the list: the statement writes their `patient.list` audit row with the page it reads (decision 1470). */
export type ListReader = { actorUserId: number; ip: string | null };

export type ListOptions = {
  scope: ClinicScope;
  query: PatientListQuery;
  now: Date;
  onlyIds?: readonly number[];
  reader?: ListReader;
};

/** The audit row is written by the statement for a list of one clinic; a list across clinics files one per clinic. */
const auditsInStatement = (o: Pick<ListOptions, 'scope' | 'reader'>) => !!o.reader && o.scope.kind === 'clinic';

/** The matches, at most COLLECT of them, as `found (id, last_name, first_name)`. */
function foundOf({ scope, query, now, onlyIds }: ListOptions, search: Search, bind: Bind): SQL {
  const filters = filtersOf(scope, query, now, onlyIds, bind);
  if (search.kind !== 'words') {
    const birthday =
      search.kind === 'birthday' ? eq(patients.birthday, bind('birthday', search.date) as string) : undefined;
    return sql`found as materialized (
      select id, last_name, first_name from ${patients} where ${and(filters, birthday)}
      order by last_name, first_name, id limit ${collect})`;
  }
  // The sample is read to its end only for a rare term; then the trigram index collects. The union keeps the
  // sample's matches, the first in name order, when the collection stops at the cap.
  return sql`sample as materialized (
      select id, last_name, first_name from (
        select id, last_name, first_name, search_text from ${patients} where ${filters}
        order by last_name, first_name, id limit ${sampleSize}
      ) s where ${wordsMatch(search.words, columnsOf('s'), bind)} limit ${collect}
    ), found as materialized (
      select id, last_name, first_name from sample
      union
      (select id, last_name, first_name from ${candidatesOf(scope, search.words, bind)}
        where (select count(*) from sample) < ${collect} and ${and(filters, wordsMatch(search.words, columnsOf('patients'), bind))}
        limit ${collect})
    )`;
}

const therapist = sql.identifier('therapist');

/**
 * The `patient.list` row as the audit log files a read naming patients of one clinic: under that clinic, with the
 * capped count, the page asked for and the page's patients in list order (lib/audit.ts `rowsOf`).
 */
const auditedOf = (bind: Bind) => sql`, audited as (
      insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
      select 'patient.list', 'success', ${bind('actorUserId', 0)}::int, ${bind('clinicId', 0)}::int, null,
        ${bind('ip', null)}::text,
        jsonb_build_object('count', least((select count(*) from found), ${sql.raw(String(PATIENT_LIST_CAP))}),
          'page', ${bind('page', 1)}::int,
          'patient_ids', (select coalesce(jsonb_agg(id order by last_name, first_name, id), '[]') from page))
      returning 1
    )`;

/**
 * What the list shows of an onboarded patient's contact (decision 0901), read as the contact status repository reads
 * it: the clinic's timezone, the latest live call up to the end of the clinic's month, the last patient message.
 */
const contactColumnsOf = (bind: Bind) => sql`c.timezone,
      case when p.status = 'onboarded' then (
        select max(l.date)::text from interaction_logs l
        where l.patient_id = p.id and l.clinic_id = p.clinic_id and l.deleted_at is null
          and l.date < (date_trunc('month', (${bind('now', null)}::timestamptz at time zone c.timezone)) + interval '1 month')::date)
      end as last_call_day,
      case when p.status = 'onboarded' then (
        select s.last_patient_message_at from chat_sessions s
        where s.patient_id = p.id and s.clinic_id = p.clinic_id and s.kind = 'patient')
      end as last_patient_message_at`;

function listStatement(options: ListOptions, search: Search, bind: Bind): SQL {
  const audited = auditsInStatement(options);
  return sql`with ${foundOf(options, search, bind)},
    page as (
      select id, last_name, first_name from found order by last_name, first_name, id
      limit ${bind('limit', 0)} offset ${bind('offset', 0)}
    )${audited ? auditedOf(bind) : sql``}
    select total.n as total, ${audited ? sql`(select count(*) from audited)::int` : sql`0`} as audited, p.id, p.clinic_id, p.user_id, p.first_name, p.last_name, p.dial_code, p.phone,
      p.birthday::text as birthday, p.email, p.diagnosis, icd.description as diagnosis_description, p.mrn,
      p.insurance_member_id, p.therapist_id,
      ${therapist}.first_name as therapist_first_name, ${therapist}.last_name as therapist_last_name, p.status,
      p.is_rtm_covered, p.consent_date::text as consent_date, p.consent_method, p.source, p.created_at,
      (select max(${patientEpisodes.startedAt}) from ${patientEpisodes}
        where ${patientEpisodes.patientId} = p.id and ${patientEpisodes.clinicId} = p.clinic_id
          and ${patientEpisodes.endedAt} is null) as episode_started_at,
      c.code as clinic_code, c.name as clinic_name, ${contactColumnsOf(bind)}
    from (select count(*)::int as n from found) total
    left join (page join ${patients} p on p.id = page.id join ${clinics} c on c.id = p.clinic_id) on true
    left join ${icd10Codes} icd on icd.code = p.diagnosis
    left join ${users} ${therapist} on ${therapist}.id = p.therapist_id
    order by page.last_name, page.first_name, page.id`;
}

/** What tells statements apart: filters present, the scope's kind and the search's kind and words. */
const shapeOf = (o: ListOptions, search: Search) =>
  JSON.stringify([
    o.scope.kind,
    auditsInStatement(o),
    !!o.query.status,
    !!o.query.therapist_id,
    !!o.onlyIds,
    o.query.billable ?? '',
    o.query.call ?? '',
    o.query.chat ?? '',
    o.query.data ?? '',
    search.kind === 'words' ? search.words.map((w) => `${w.kind}:${w.grams}`).join() : search.kind,
  ]);

/** A statement's text and placeholders, with its name when it is one of the kept shapes (planned once). */
type Prepared = { name: string | null; text: string; params: unknown[] };
const dialect = new PgDialect();
const prepared = new Map<string, Prepared>();
// Shapes beyond this many are run without being kept (a search of many words is rare).
const MAX_KEPT_SHAPES = 200;

function prepare(statement: SQL, named: boolean): Prepared {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = named ? `patients_list_${createHash('sha1').update(text).digest('hex').slice(0, 16)}` : null;
  return { name, text, params };
}

/**
 * The shape's statement: built once, kept and planned once per connection. One that holds the time (call, chat and
 * data filters), or a shape beyond the kept ones, is built and planned each time: a named statement stays on every
 * pooled connection for good, so only a bounded set of them may exist.
 */
function statementFor(options: ListOptions, search: Search): Prepared {
  const { call, chat, data } = options.query;
  if (call || chat || data) return prepare(listStatement(options, search, byPlaceholder), false);
  const shape = shapeOf(options, search);
  const found = prepared.get(shape);
  if (found) return found;
  const kept = prepared.size < MAX_KEPT_SHAPES;
  const statement = prepare(listStatement(options, search, byPlaceholder), kept);
  if (kept) prepared.set(shape, statement);
  return statement;
}

/** A row of the list's statement: a patient, or only the count (`id` null) when the page is empty. */
export type ListRow = Omit<PatientSqlRow, 'id'> & {
  total: number;
  /** How many audit rows the statement wrote (the same on every row). */
  audited: number;
  id: number | null;
  timezone: string;
  last_call_day: string | null;
  last_patient_message_at: Date | string | null;
};

/**
 * The page (`limit` rows from `offset`, within the cap) of the scope's patients and the count of matches up to
 * COLLECT, in one statement planned once per connection and shape. The first row always comes: without patients on the page it holds only
 * the count.
 */
export async function listPatientRows(
  db: DbOrTx,
  scope: ClinicScope,
  listed: Omit<ListOptions, 'scope'>,
  limit: number,
  offset: number,
) {
  const options: ListOptions = { ...listed, scope };
  const search = searchOf(options.query.search);
  const values = valuesOf(options, search, limit, offset);
  if (db instanceof PgTransaction) {
    // In a transaction: the same statement with its values in place.
    const inPlace: Bind = (name) => values[name];
    return ((await db.execute(listStatement(options, search, inPlace))) as unknown as { rows: ListRow[] }).rows;
  }
  const statement = statementFor(options, search);
  return runPrepared<ListRow>(db as Db, statement.name, statement.text, fillPlaceholders(statement.params, values));
}

/** The values the statement's placeholders stand for (their names as `listStatement` binds them). */
function valuesOf(options: ListOptions, search: Search, limit: number, offset: number) {
  const { scope, query, onlyIds, now, reader } = options;
  const values: Record<string, unknown> = { limit, offset, now: now.toISOString() };
  if (reader && auditsInStatement(options)) Object.assign(values, { ...reader, page: query.page });
  if (scope.kind === 'clinic') values.clinicId = scope.clinicId;
  if (query.status) values.status = query.status;
  if (query.therapist_id) values.therapistId = query.therapist_id;
  if (onlyIds) values.onlyIds = [...onlyIds];
  if (search.kind === 'birthday') values.birthday = search.date;
  if (search.kind === 'words') {
    search.words.forEach((w, i) => {
      values[`w${i}`] = patternOf(w);
    });
    const grams = gramWordsOf(search.words);
    if (grams) Object.assign(values, grams);
  }
  return values;
}
