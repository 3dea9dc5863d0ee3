import {
  PATIENT_LIST_CAP,
  type Patient,
  type PatientListQuery,
  type PatientStatus,
  type QrRegistrationBody,
} from '@rehabit/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { clinics, icd10Codes, patientEpisodes, patientEvents, patients, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { ownPatientOf, patientVisibleIn } from '../../db/visibility.ts';
import { type ContactStatus, contactStatusFrom } from './contact-status.repository.ts';
import {
  type ListReader,
  type ListRow,
  listFilters,
  listPatientRows,
  searchCondition,
} from './patient-list.repository.ts';
import { fromPatientSqlRow } from './patient-sql-row.ts';

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
  mrn: patients.mrn,
  insuranceMemberId: patients.insuranceMemberId,
  therapistId: patients.therapistId,
  therapistFirstName: therapist.firstName,
  therapistLastName: therapist.lastName,
  status: patients.status,
  isRtmCovered: patients.isRtmCovered,
  consentDate: patients.consentDate,
  consentMethod: patients.consentMethod,
  source: patients.source,
  createdAt: patients.createdAt,
  clinicCode: clinics.code,
  clinicName: clinics.name,
  episodeStartedAt: sql<Date | null>`(
    select max(${patientEpisodes.startedAt}) from ${patientEpisodes}
    where ${patientEpisodes.patientId} = ${patients.id} and ${patientEpisodes.endedAt} is null
  )`.mapWith((v) => (v ? new Date(v) : null)),
};

const selectPatients = (db: DbOrTx) =>
  db
    .select(patientColumns)
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
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
  mrn: row.mrn,
  insurance_member_id: row.insuranceMemberId,
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
  clinic: { code: row.clinicCode, name: row.clinicName },
});

/** The columns of who a patient is, as both registrations send it: by staff, and the patient's own by QR code. */
export const identityColumnsOf = (
  body: Pick<QrRegistrationBody, 'first_name' | 'last_name' | 'selected_code' | 'phone' | 'birthday' | 'email'>,
) => ({
  firstName: body.first_name,
  lastName: body.last_name,
  dialCode: body.selected_code,
  phone: body.phone,
  birthday: body.birthday,
  email: body.email ?? null,
});

/** A patient with the clinic's timezone and the birthday, for the calls that count days in the clinic's calendar. */
export type PatientWithClinicDay = {
  id: number;
  clinicId: number;
  timezone: string;
  birthday: string;
  status: PatientStatus;
  /** The patient's diagnosis (ICD-10), which ranks the protocols offered for them (decision 1401). */
  diagnosis?: string | null;
};

const selectWithClinicDay = (db: DbOrTx) =>
  db
    .select({
      id: patients.id,
      clinicId: patients.clinicId,
      timezone: clinics.timezone,
      birthday: patients.birthday,
      status: patients.status,
      diagnosis: patients.diagnosis,
    })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .$dynamic();

/**
 * A statement built once per database handle and prepared: the reads of one patient that most routes begin with cost
 * more to build and plan than to run.
 */
function preparedPerHandle<T>(build: (db: DbOrTx) => T) {
  const built = new WeakMap<DbOrTx, T>();
  return (db: DbOrTx) => {
    let found = built.get(db);
    if (!found) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}

const inPreparedClinic = { kind: 'clinic', clinicId: sql.placeholder('clinicId') } as const;

/** A clinic's patient by id. */
const findInClinic = preparedPerHandle((db) =>
  selectPatients(db)
    .where(and(eq(patients.id, sql.placeholder('id')), patientVisibleIn(inPreparedClinic)))
    .limit(1)
    .prepare('patients_find_in_clinic'),
);

/** A clinic's patient by id, with the clinic's day. */
const findWithClinicDayInClinic = preparedPerHandle((db) =>
  selectWithClinicDay(db)
    .where(and(eq(patients.id, sql.placeholder('id')), patientVisibleIn(inPreparedClinic)))
    .limit(1)
    .prepare('patients_find_with_clinic_day'),
);

/** A patient account's own record in its clinic, with the clinic's day. */
const findOwnInClinic = preparedPerHandle((db) =>
  selectWithClinicDay(db)
    .where(ownPatientOf(sql.placeholder('userId'), inPreparedClinic))
    .limit(1)
    .prepare('patients_find_own'),
);

/** The filters of the patient list, as the list and the figures counted from it (the dashboard) read them. */
export type PatientListFilters = Pick<
  PatientListQuery,
  'status' | 'therapist_id' | 'search' | 'billable' | 'call' | 'chat' | 'data'
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
  return and(listFilters(scope, query, now, onlyIds), searchCondition(query.search))!;
}

/** A patient's row as a write gives it: its clinic comes from the repository's scope, never from the caller. */
export type NewPatient = Omit<typeof patients.$inferInsert, 'clinicId'>;

/**
 * The patients of a scope, their episodes and their events (decision 1340): every query keeps to the scope's
 * patients, and a write lands in the scope's clinic.
 */
export const createPatientsRepository = (db: DbOrTx, scope: ClinicScope) => ({
  /**
   * One page of patients in name order and their count, in one statement (patient-list.repository.ts). Counting stops
   * past PATIENT_LIST_CAP, and pages beyond it are empty: a list that long is narrowed by searching, not paged
   * through. `onlyIds` and `now` as in `patientListWhere`.
   */
  async list(query: PatientListQuery, now: Date, onlyIds?: number[], reader?: ListReader) {
    // No early answer for an empty `onlyIds`: the search still goes to the database, which judges its text.
    const offset = (query.page - 1) * query.page_size;
    const limit = Math.max(0, Math.min(query.page_size, PATIENT_LIST_CAP - offset));
    const found = await listPatientRows(db, scope, { query, now, onlyIds, reader }, limit, offset);
    const total = found[0]?.total ?? 0;
    const listed = found.filter((row): row is ListRow & { id: number } => row.id !== null);
    // The contact status of the page's onboarded patients (decision 0901), read by the same statement.
    const contact = new Map<number, ContactStatus>();
    const timezones = new Map(listed.map((row) => [row.clinic_id, row.timezone]));
    for (const row of listed) {
      if (row.status !== 'onboarded') continue;
      const facts = {
        timezone: row.timezone,
        isCovered: row.is_rtm_covered,
        consentDate: row.consent_date,
        lastCallDay: row.last_call_day,
        lastPatientMessageAt: row.last_patient_message_at,
        inCareSince: row.episode_started_at,
      };
      contact.set(row.id, contactStatusFrom(facts, now));
    }
    return {
      rows: listed.map(fromPatientSqlRow),
      count: Math.min(total, PATIENT_LIST_CAP),
      countCapped: total > PATIENT_LIST_CAP,
      contact,
      /** The timezone of each clinic on the page. */
      timezones,
      /** Whether the statement wrote the reader's `patient.list` audit row. */
      audited: (found[0]?.audited ?? 0) > 0,
    };
  },

  /** A patient of the scope; removed patients are gone for everyone but the audit trail. */
  async findById(id: number): Promise<PatientRow | undefined> {
    if (scope.kind === 'clinic') return (await findInClinic(db).execute({ id, clinicId: scope.clinicId }))[0];
    const [row] = await selectPatients(db)
      .where(and(eq(patients.id, id), patientVisibleIn(scope)))
      .limit(1);
    return row;
  },

  /** A visible patient with what day arithmetic needs: the clinic's timezone and the birthday. */
  async findWithClinicDay(id: number): Promise<PatientWithClinicDay | undefined> {
    if (scope.kind === 'clinic') {
      return (await findWithClinicDayInClinic(db).execute({ id, clinicId: scope.clinicId }))[0];
    }
    const [row] = await selectWithClinicDay(db)
      .where(and(eq(patients.id, id), patientVisibleIn(scope)))
      .limit(1);
    return row;
  },

  /** The patient record of a signed-in patient account (by its user id), with the clinic's timezone. */
  async findOwn(userId: number): Promise<PatientWithClinicDay | undefined> {
    if (scope.kind === 'clinic') return (await findOwnInClinic(db).execute({ userId, clinicId: scope.clinicId }))[0];
    const [row] = await selectWithClinicDay(db).where(ownPatientOf(userId, scope)).limit(1);
    return row;
  },

  /**
   * Holds the patient's row until the transaction ends, so changes to one patient's records happen one at a time;
   * answers the patient's status as it stands under the lock (undefined for a patient outside the scope).
   */
  async lock(id: number) {
    const [row] = await db
      .select({ status: patients.status })
      .from(patients)
      .where(and(eq(patients.id, id), inScope(patients.clinicId, scope)))
      .for('update');
    return row;
  },

  async findManyByIds(ids: number[]): Promise<PatientRow[]> {
    return selectPatients(db).where(and(inArray(patients.id, ids), patientVisibleIn(scope)));
  },

  async insert(values: NewPatient): Promise<number> {
    const [row] = await db
      .insert(patients)
      .values({ ...values, clinicId: clinicIdOf(scope) })
      .returning({ id: patients.id });
    return row!.id;
  },

  /** Changes a patient of the scope; one outside it stays as it is. */
  async update(id: number, values: Partial<NewPatient>, now: Date) {
    await db
      .update(patients)
      .set({ ...values, updatedAt: now })
      .where(and(eq(patients.id, id), inScope(patients.clinicId, scope)));
  },

  /** Opens an episode in the scope's clinic; nothing is written for a patient of another clinic (decision 1340). */
  async openEpisode(episode: Omit<typeof patientEpisodes.$inferInsert, 'clinicId'>) {
    if (!(await allPatientsInScope(db, scope, [episode.patientId]))) return;
    await db.insert(patientEpisodes).values({ ...episode, clinicId: clinicIdOf(scope) });
  },

  async closeOpenEpisode(patientId: number, now: Date, actorId: number) {
    await db
      .update(patientEpisodes)
      .set({ endedAt: now, endedBy: actorId })
      .where(
        and(
          eq(patientEpisodes.patientId, patientId),
          isNull(patientEpisodes.endedAt),
          inScope(patientEpisodes.clinicId, scope),
        ),
      );
  },

  async setOpenEpisodeTherapist(patientId: number, therapistId: number) {
    await db
      .update(patientEpisodes)
      .set({ therapistId })
      .where(
        and(
          eq(patientEpisodes.patientId, patientId),
          isNull(patientEpisodes.endedAt),
          inScope(patientEpisodes.clinicId, scope),
        ),
      );
  },

  /** Records a step of a patient, in the scope's clinic. */
  async recordEvent(event: {
    patientId: number;
    action: string;
    fromStatus?: PatientStatus;
    toStatus?: PatientStatus;
    actorUserId: number | null;
    at: Date;
    detail?: Record<string, unknown>;
  }) {
    // Nothing is written for a patient of another clinic (decision 1340).
    if (!(await allPatientsInScope(db, scope, [event.patientId]))) return;
    await db.insert(patientEvents).values({ ...event, clinicId: clinicIdOf(scope) });
  },
});
