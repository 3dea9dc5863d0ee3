import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { clinics, healthMetrics, patients, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

const therapist = alias(users, 'therapist');

/** The E.164 form of a stored phone (dial code and digits), the same as `toE164` in the contract. */
const e164Of = sql<string>`'+' || regexp_replace(${patients.dialCode}, '\\D', '', 'g') || regexp_replace(${patients.phone}, '\\D', '', 'g')`;

/** Onboarded first, then registered, then discharged: the record a phone sign-in should open. */
const statusPreference = sql<number>`case ${patients.status} when 'onboarded' then 0 when 'registered' then 1 else 2 end`;

/** A reading as the patient's app sends it: its clinic comes from the repository's scope. */
export type NewHealthReading = Omit<typeof healthMetrics.$inferInsert, 'clinicId'>;

/**
 * The patient side's own rows: a signed-in patient's (scope: their clinic), or, at a phone sign-in, the patient a
 * verified phone belongs to (`crossClinic('sign-in')`, before any clinic is known).
 */
export const createPatientAppRepository = (db: DbOrTx, scope: ClinicScope) => {
  const patientsInScope = inScope(patients.clinicId, scope);
  return {
    /**
     * The patient a verified phone signs in as: not removed; onboarded before registered, then the latest updated.
     */
    async findPatientByPhone(e164: string) {
      const [row] = await db
        .select({
          id: patients.id,
          clinicId: patients.clinicId,
          userId: patients.userId,
          firstName: patients.firstName,
          lastName: patients.lastName,
        })
        .from(patients)
        .where(and(sql`${e164Of} = ${e164}`, ne(patients.status, 'removed'), patientsInScope))
        .orderBy(statusPreference, desc(patients.updatedAt), desc(patients.id))
        .limit(1);
      return row;
    },

    /** The patient record of a patient account, unless removed. */
    async findPatientIdOfUser(userId: number) {
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.userId, userId), ne(patients.status, 'removed'), patientsInScope))
        .limit(1);
      return row?.id;
    },

    /** Links an account to a patient that has none yet; answers whether this call made the link. */
    async linkUser(patientId: number, userId: number) {
      const rows = await db
        .update(patients)
        .set({ userId })
        .where(and(eq(patients.id, patientId), isNull(patients.userId), patientsInScope))
        .returning({ id: patients.id });
      return rows.length > 0;
    },

    async findLinkedUserId(patientId: number) {
      const [row] = await db
        .select({ userId: patients.userId })
        .from(patients)
        .where(and(eq(patients.id, patientId), patientsInScope));
      return row?.userId ?? null;
    },

    async profile(patientId: number) {
      const [row] = await db
        .select({
          id: patients.id,
          firstName: patients.firstName,
          lastName: patients.lastName,
          status: patients.status,
          clinicCode: clinics.code,
          clinicName: clinics.name,
          timezone: clinics.timezone,
          therapistId: therapist.id,
          therapistFirstName: therapist.firstName,
          therapistLastName: therapist.lastName,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .leftJoin(therapist, eq(therapist.id, patients.therapistId))
        .where(and(eq(patients.id, patientId), patientsInScope))
        .limit(1);
      return row;
    },

    /**
     * Stores readings not stored yet (same patient, kind, source and instant); answers how many were new. None of the
     * batch is stored when any reading is of a patient of another clinic (decision 1340).
     */
    async insertReadings(readings: NewHealthReading[]): Promise<number> {
      const patientIds = readings.map((reading) => reading.patientId);
      if (!(await allPatientsInScope(db, scope, patientIds))) return 0;
      const clinicId = clinicIdOf(scope);
      const rows = await db
        .insert(healthMetrics)
        .values(readings.map((reading) => ({ ...reading, clinicId })))
        .onConflictDoNothing({
          target: [healthMetrics.patientId, healthMetrics.kind, healthMetrics.source, healthMetrics.measuredAt],
        })
        .returning({ id: healthMetrics.id });
      return rows.length;
    },
  };
};
