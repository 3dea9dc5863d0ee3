import { type BillingPatientRow, isStaffRole, roles } from '@rehabit/contract';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  billingMonthCloses,
  billingSignOffs,
  clinics,
  icd10Codes,
  interactionLogs,
  patientEpisodes,
  patients,
  users,
} from '../../db/schema.ts';
import { functionalEntries, functionalMeasures, healthMetrics } from '../../db/schema-hep.ts';
import { reminderSchedules } from '../../db/schema-reminders.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { patientVisibleIn } from '../../db/visibility.ts';
import type { FiledBillingRow } from './fhir-charges.ts';
import type { RowKind } from './fhir-ids.ts';

const staffAccountRoles = roles.filter(isStaffRole);

const therapist = alias(users, 'therapist');

/** The clinic as its Organization shows it, with the timezone its days are counted in. */
const clinicColumns = {
  id: clinics.id,
  code: clinics.code,
  name: clinics.name,
  address: clinics.address,
  npi: clinics.npi,
  tin: clinics.tin,
  timezone: clinics.timezone,
};

/**
 * What the FHIR export reads of one patient's record (decision 1425), each query kept to the scope's clinic: the
 * callers have reached the patient through `requirePatient` first.
 */
export const createFhirRepository = (db: DbOrTx, scope: ClinicScope) => ({
  /** The patient with their clinic, therapist, diagnosis, reminder language and latest episode; undefined if unseen. */
  async patient(patientId: number) {
    const [row] = await db
      .select({
        id: patients.id,
        firstName: patients.firstName,
        lastName: patients.lastName,
        dialCode: patients.dialCode,
        phone: patients.phone,
        birthday: patients.birthday,
        email: patients.email,
        status: patients.status,
        diagnosis: patients.diagnosis,
        mrn: patients.mrn,
        insuranceMemberId: patients.insuranceMemberId,
        diagnosisDescription: icd10Codes.description,
        createdAt: patients.createdAt,
        updatedAt: patients.updatedAt,
        language: reminderSchedules.language,
        clinic: clinicColumns,
        therapistId: therapist.id,
      })
      .from(patients)
      .innerJoin(clinics, eq(clinics.id, patients.clinicId))
      .leftJoin(icd10Codes, eq(icd10Codes.code, patients.diagnosis))
      .leftJoin(therapist, eq(therapist.id, patients.therapistId))
      .leftJoin(reminderSchedules, eq(reminderSchedules.patientId, patients.id))
      .where(and(eq(patients.id, patientId), patientVisibleIn(scope)))
      .limit(1);
    if (!row) return undefined;
    const [episode] = await db
      .select({ startedAt: patientEpisodes.startedAt, endedAt: patientEpisodes.endedAt })
      .from(patientEpisodes)
      .where(and(eq(patientEpisodes.patientId, patientId), inScope(patientEpisodes.clinicId, scope)))
      .orderBy(desc(patientEpisodes.startedAt), desc(patientEpisodes.id))
      .limit(1);
    return { ...row, episode: episode ?? null };
  },

  /** The health readings the patient sent (steps, pain and the rest), oldest first; the computed engagement is none. */
  async readings(patientId: number) {
    return db
      .select({
        id: healthMetrics.id,
        kind: healthMetrics.kind,
        value: healthMetrics.value,
        measuredAt: healthMetrics.measuredAt,
        localDate: healthMetrics.localDate,
        source: healthMetrics.source,
      })
      .from(healthMetrics)
      .where(
        and(
          eq(healthMetrics.patientId, patientId),
          inScope(healthMetrics.clinicId, scope),
          ne(healthMetrics.kind, 'engagement'),
        ),
      )
      .orderBy(asc(healthMetrics.measuredAt), asc(healthMetrics.id));
  },

  /** The outcome-measure results of the patient, with their series' datatype, name and unit, oldest first. */
  async measureResults(patientId: number) {
    return db
      .select({
        id: functionalEntries.id,
        datatypeId: functionalMeasures.datatypeId,
        name: functionalMeasures.name,
        unit: functionalMeasures.unit,
        date: functionalEntries.date,
        score: functionalEntries.score,
        enteredBy: functionalEntries.enteredBy,
      })
      .from(functionalEntries)
      .innerJoin(functionalMeasures, eq(functionalMeasures.id, functionalEntries.measureId))
      .where(and(eq(functionalEntries.patientId, patientId), inScope(functionalEntries.clinicId, scope)))
      .orderBy(asc(functionalEntries.date), asc(functionalEntries.id));
  },

  /** The patient's logged calls (phone and video) that are not deleted, oldest first, with who logged each. */
  async calls(patientId: number) {
    return db
      .select({
        id: interactionLogs.id,
        kind: interactionLogs.kind,
        minutes: interactionLogs.minutes,
        startedAt: interactionLogs.startedAt,
        staffId: users.id,
      })
      .from(interactionLogs)
      .leftJoin(users, eq(users.id, interactionLogs.createdBy))
      .where(
        and(
          eq(interactionLogs.patientId, patientId),
          inScope(interactionLogs.clinicId, scope),
          isNull(interactionLogs.deletedAt),
        ),
      )
      .orderBy(asc(interactionLogs.startedAt), asc(interactionLogs.id));
  },

  /**
   * The clinic's staff members of the ids (the therapist, who logged a call, who rendered a billed code): a patient's
   * sign-in account is a user too, and never a Practitioner.
   */
  async staff(ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        npi: users.npi,
        role: users.role,
        isAssistant: users.isAssistant,
        clinicId: users.clinicId,
      })
      .from(users)
      .where(and(inArray(users.id, ids), inArray(users.role, staffAccountRoles), inScope(users.clinicId, scope)))
      .orderBy(asc(users.id));
  },

  /** The scope's one clinic, as its Organization shows it. */
  async clinic() {
    const [row] = await db
      .select(clinicColumns)
      .from(clinics)
      .where(eq(clinics.id, clinicIdOf(scope)));
    return row;
  },

  /** The patient a reading, an outcome-measure result or a logged call belongs to, in the scope; undefined if none. */
  async patientOfRow(kind: RowKind, rowId: number): Promise<number | undefined> {
    const table = { reading: healthMetrics, measure: functionalEntries, call: interactionLogs }[kind];
    const [row] = await db
      .select({ patientId: table.patientId })
      .from(table)
      .where(and(eq(table.id, rowId), inScope(table.clinicId, scope)));
    return row?.patientId;
  },

  /**
   * The patient's rows in the clinic's closed months as filed (decision 1285), oldest month first: the signed
   * figures once a month is signed off, the close's before, filed when `filedMonthOf` says (the close's filing, or
   * the sign-off for a month closed before figures were kept). A month still open has no filed row.
   */
  async filedBillingRows(patientId: number): Promise<FiledBillingRow[]> {
    const c = billingMonthCloses;
    const s = billingSignOffs;
    const result =
      (await db.execute(sql`select ${c.month} as month, case when ${c.figures} is not null then ${c.filedAt} else ${s.signedAt} end as filed_at,
        p.row as row
      from ${c}
      left join ${s} on ${s.clinicId} = ${c.clinicId} and ${s.month} = ${c.month}
      cross join lateral jsonb_array_elements(coalesce(${s.figures}, ${c.figures}) -> 'patients') as p(row)
      where ${inScope(c.clinicId, scope)} and (p.row -> 'patient' ->> 'id')::int = ${patientId}
      order by ${c.month}`)) as unknown as {
        rows: { month: string; filed_at: Date | string; row: BillingPatientRow }[];
      };
    return result.rows.map((r) => ({ month: r.month, filedAt: new Date(r.filed_at), row: r.row }));
  },
});

export type FhirRepository = ReturnType<typeof createFhirRepository>;
export type FhirPatientRow = NonNullable<Awaited<ReturnType<FhirRepository['patient']>>>;
export type FhirReadingRow = Awaited<ReturnType<FhirRepository['readings']>>[number];
export type FhirMeasureRow = Awaited<ReturnType<FhirRepository['measureResults']>>[number];
export type FhirCallRow = Awaited<ReturnType<FhirRepository['calls']>>[number];
export type FhirStaffRow = Awaited<ReturnType<FhirRepository['staff']>>[number];
