import { PATIENT_LIST_CAP, type Patient, type PatientListQuery, type PatientStatus } from '@rehabit/contract';
import { and, asc, count, eq, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { clinics, icd10Codes, patientEpisodes, patientEvents, patients, users } from '../../db/schema.ts';
import type { ClinicScope } from '../../db/scope.ts';
import { ownPatientOf, patientVisibleIn } from '../../db/visibility.ts';
import { callNeededCondition, chatOutdatedCondition, dataQuietCondition } from './contact-status.repository.ts';

const therapist = alias(users, 'therapist');

const patientColumns = {
  id: patients.id,
  clinicId: patients.clinicId,
  userId: patients.userId,
  firstName: patients.firstName,
  lastName: patients.lastName,
  dialCode: patients.dialCode,
  phone: patients.phone,
  birthday: patients.birthday,
  email: patients.email,
  diagnosis: patients.diagnosis,
  diagnosisDescription: icd10Codes.description,
  therapistId: patients.therapistId,
  therapistFirstName: therapist.firstName,
  therapistLastName: therapist.lastName,
  status: patients.status,
  isRtmCovered: patients.isRtmCovered,
  consentDate: patients.consentDate,
  consentMethod: patients.consentMethod,
  source: patients.source,
  createdAt: patients.createdAt,
  episodeStartedAt: sql<Date | null>`(
    select max(${patientEpisodes.startedAt}) from ${patientEpisodes}
    where ${patientEpisodes.patientId} = ${patients.id} and ${patientEpisodes.endedAt} is null
  )`.mapWith((v) => (v ? new Date(v) : null)),
};

const selectPatients = (db: DbOrTx) =>
  db
    .select(patientColumns)
    .from(patients)
    .leftJoin(icd10Codes, eq(icd10Codes.code, patients.diagnosis))
    .leftJoin(therapist, eq(therapist.id, patients.therapistId))
    .$dynamic();
export type PatientRow = Awaited<ReturnType<typeof selectPatients>>[number];

export const toPatient = (row: PatientRow): Patient => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  display_name: `${row.firstName} ${row.lastName}`,
  phone: row.phone,
  selected_code: row.dialCode,
  birthday: row.birthday,
  email: row.email,
  diagnosis: row.diagnosis,
  diagnosis_description: row.diagnosisDescription,
  therapist:
    row.therapistId && row.therapistFirstName
      ? { id: row.therapistId, display_name: `${row.therapistFirstName} ${row.therapistLastName}` }
      : null,
  status: row.status,
  is_rtm_covered: row.isRtmCovered,
  consent_date: row.consentDate,
  consent_method: row.consentMethod,
  episode_started_at: row.episodeStartedAt?.toISOString() ?? null,
  source: row.source,
  created_at: row.createdAt.toISOString(),
});

/** A typed date of birth: `1950-04-23` or `04/23/1950`. */
function parseBirthday(term: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(term);
  if (iso) return term;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(term);
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : null;
}

/**
 * Every word must appear in the name, e-mail or phone (trigram index); a word of one or two letters must start the
 * first or last name, since trigrams need three. A date searches the birthday.
 */
function searchCondition(search: string): SQL | undefined {
  const birthday = parseBirthday(search);
  if (birthday) return eq(patients.birthday, birthday);
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (/^[\d\s().+-]+$/.test(w) ? w.replace(/\D/g, '') : w))
    .filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((w) =>
      w.length >= 3
        ? ilike(patients.searchText, `%${escapeLike(w)}%`)
        : or(
            like(sql`lower(${patients.firstName})`, `${escapeLike(w)}%`),
            like(sql`lower(${patients.lastName})`, `${escapeLike(w)}%`),
          ),
    ),
  );
}

/**
 * The materialized match set is planned without the LIMIT, so the planner takes the trigram index instead of
 * walking the name index past rows that never match (word combinations fool its estimates).
 */
async function fewMatchesInNameOrder(db: DbOrTx, where: SQL, limit: number, offset: number): Promise<number[]> {
  // Both drivers answer raw queries with `{ rows }`.
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${patients.id} as id, ${patients.lastName} as last_name, ${patients.firstName} as first_name
      from ${patients} where ${where}
    )
    select id from matches order by last_name, first_name, id limit ${limit} offset ${offset}`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((r) => Number(r.id));
}

/** A clinic's patient by id, read by most patient routes: built once and prepared (building cost more than running). */
const prepareFindInClinic = (db: DbOrTx) =>
  selectPatients(db)
    .where(
      and(
        eq(patients.id, sql.placeholder('id')),
        patientVisibleIn({ kind: 'clinic', clinicId: sql.placeholder('clinicId') }),
      ),
    )
    .limit(1)
    .prepare('patients_find_in_clinic');

/** A patient with the clinic's timezone and the birthday, for the calls that count days in the clinic's calendar. */
export type PatientWithClinicDay = {
  id: number;
  clinicId: number;
  timezone: string;
  birthday: string;
  status: PatientStatus;
};

const selectWithClinicDay = (db: DbOrTx) =>
  db
    .select({
      id: patients.id,
      clinicId: patients.clinicId,
      timezone: clinics.timezone,
      birthday: patients.birthday,
      status: patients.status,
    })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .$dynamic();

/** The filters of the patient list, as the list and the figures counted from it (the dashboard) read them. */
export type PatientListFilters = Pick<
  PatientListQuery,
  'status' | 'therapist_id' | 'search' | 'call' | 'chat' | 'data'
>;

/**
 * The patients of the scope matching the list's filters. `onlyIds`, when given, narrows them to those patients (a
 * filter computed outside SQL). `now` places the call, chat and data filters in each clinic's calendar (decisions
 * 0901, 0903).
 */
export function patientListWhere(
  scope: ClinicScope,
  query: PatientListFilters,
  now: Date,
  onlyIds?: readonly number[],
): SQL {
  return and(
    patientVisibleIn(scope),
    query.status ? eq(patients.status, query.status) : undefined,
    onlyIds ? inArray(patients.id, [...onlyIds]) : undefined,
    query.call === 'needed' ? callNeededCondition(now) : undefined,
    query.chat === 'outdated' ? chatOutdatedCondition(now) : undefined,
    query.data === 'quiet' ? dataQuietCondition(now) : undefined,
    query.therapist_id ? eq(patients.therapistId, query.therapist_id) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  )!;
}

export const createPatientsRepository = (db: DbOrTx) => {
  let findInClinic: ReturnType<typeof prepareFindInClinic> | undefined;
  return {
    /**
     * One page of patients in name order. Counting stops past PATIENT_LIST_CAP, and pages beyond it are empty:
     * a list that long is narrowed by searching, not paged through. Knowing whether the matches are few or many
     * picks the plan: few are collected through the trigram index and sorted; many are read in name order.
     * `onlyIds` and `now` as in `patientListWhere`.
     */
    async list(scope: ClinicScope, query: PatientListQuery, now: Date, onlyIds?: number[]) {
      // No early answer for an empty `onlyIds`: the search still goes to the database, which judges its text.
      const where = patientListWhere(scope, query, now, onlyIds);
      const capped = db
        .select({ one: sql`1` })
        .from(patients)
        .where(where)
        .limit(PATIENT_LIST_CAP + 1)
        .as('capped');
      const [total] = await db.select({ n: count() }).from(capped);
      const n = total?.n ?? 0;
      const countCapped = n > PATIENT_LIST_CAP;
      const visible = Math.min(n, PATIENT_LIST_CAP);
      const offset = (query.page - 1) * query.page_size;
      const limit = Math.min(query.page_size, visible - offset);
      if (limit <= 0) return { rows: [], count: visible, countCapped };

      const ids =
        countCapped || !query.search
          ? (
              await db
                .select({ id: patients.id })
                .from(patients)
                .where(where)
                .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
                .limit(limit)
                .offset(offset)
            ).map((r) => r.id)
          : await fewMatchesInNameOrder(db, where, limit, offset);
      const details = ids.length ? await selectPatients(db).where(inArray(patients.id, ids)) : [];
      const rows = ids.map((id) => details.find((d) => d.id === id)!);
      return { rows, count: visible, countCapped };
    },

    /** A patient of the scope; removed patients are gone for everyone but the audit trail. */
    async findById(id: number, scope: ClinicScope): Promise<PatientRow | undefined> {
      if (scope.kind === 'clinic') {
        findInClinic ??= prepareFindInClinic(db);
        return (await findInClinic.execute({ id, clinicId: scope.clinicId }))[0];
      }
      const [row] = await selectPatients(db)
        .where(and(eq(patients.id, id), patientVisibleIn(scope)))
        .limit(1);
      return row;
    },

    /** A visible patient with what day arithmetic needs: the clinic's timezone and the birthday. */
    async findWithClinicDay(id: number, scope: ClinicScope): Promise<PatientWithClinicDay | undefined> {
      const [row] = await selectWithClinicDay(db)
        .where(and(eq(patients.id, id), patientVisibleIn(scope)))
        .limit(1);
      return row;
    },

    /** The patient record of a signed-in patient account, with the clinic's timezone. */
    async findOwn(account: { id: number; clinicId: number }): Promise<PatientWithClinicDay | undefined> {
      const [row] = await selectWithClinicDay(db).where(ownPatientOf(account)).limit(1);
      return row;
    },

    /** Holds the patient's row until the transaction ends, so changes to one patient's records happen one at a time. */
    async lock(id: number) {
      await db.select({ id: patients.id }).from(patients).where(eq(patients.id, id)).for('update');
    },

    async findManyByIds(ids: number[], scope: ClinicScope): Promise<PatientRow[]> {
      return selectPatients(db).where(and(inArray(patients.id, ids), patientVisibleIn(scope)));
    },

    async insert(values: typeof patients.$inferInsert): Promise<number> {
      const [row] = await db.insert(patients).values(values).returning({ id: patients.id });
      return row!.id;
    },

    async update(id: number, values: Partial<typeof patients.$inferInsert>, now: Date) {
      await db
        .update(patients)
        .set({ ...values, updatedAt: now })
        .where(eq(patients.id, id));
    },

    async openEpisode(episode: typeof patientEpisodes.$inferInsert) {
      await db.insert(patientEpisodes).values(episode);
    },

    async closeOpenEpisode(patientId: number, now: Date, actorId: number) {
      await db
        .update(patientEpisodes)
        .set({ endedAt: now, endedBy: actorId })
        .where(and(eq(patientEpisodes.patientId, patientId), isNull(patientEpisodes.endedAt)));
    },

    async setOpenEpisodeTherapist(patientId: number, therapistId: number) {
      await db
        .update(patientEpisodes)
        .set({ therapistId })
        .where(and(eq(patientEpisodes.patientId, patientId), isNull(patientEpisodes.endedAt)));
    },

    async recordEvent(event: {
      patientId: number;
      clinicId: number;
      action: string;
      fromStatus?: PatientStatus;
      toStatus?: PatientStatus;
      actorUserId: number | null;
      at: Date;
      detail?: Record<string, unknown>;
    }) {
      await db.insert(patientEvents).values(event);
    },
  };
};
