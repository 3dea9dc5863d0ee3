import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, patients, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

/**
 * What a billing month names: its clinic, its patients and the staff who treated or monitored them. A month is one
 * clinic's: the repository is built with that clinic's scope (decision 1340).
 */
export function createBillingMonthRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /** The scope's clinic, as the month's file heads it. */
    async clinicOf() {
      const [clinic] = await db
        .select({
          id: clinics.id,
          code: clinics.code,
          name: clinics.name,
          timezone: clinics.timezone,
          npi: clinics.npi,
          tin: clinics.tin,
        })
        .from(clinics)
        .where(eq(clinics.id, clinicIdOf(scope)));
      return clinic;
    },

    /**
     * The claim numbers of the clinic's patients by id (decision 1435): read as they stand now, since the filed
     * figures do not hold them.
     */
    async claimIdsOf(patientIds: number[]) {
      const rows =
        patientIds.length === 0
          ? []
          : await db
              .select({ id: patients.id, mrn: patients.mrn, memberId: patients.insuranceMemberId })
              .from(patients)
              .where(and(inScope(patients.clinicId, scope), inArray(patients.id, patientIds)));
      return new Map(rows.map(({ id, ...ids }) => [id, ids]));
    },

    /** The month's patients and staff by id, of the clinic only. */
    async peopleOf(patientIds: number[], staffIds: number[]) {
      const [patientRows, staffRows] = await Promise.all([
        patientIds.length === 0
          ? []
          : db
              .select({
                id: patients.id,
                firstName: patients.firstName,
                lastName: patients.lastName,
                birthday: patients.birthday,
              })
              .from(patients)
              .where(and(inScope(patients.clinicId, scope), inArray(patients.id, patientIds))),
        staffIds.length === 0
          ? []
          : db
              .select({
                id: users.id,
                firstName: users.firstName,
                lastName: users.lastName,
                npi: users.npi,
                isAssistant: users.isAssistant,
              })
              .from(users)
              .where(and(inScope(users.clinicId, scope), inArray(users.id, staffIds))),
      ]);
      return {
        patientsById: new Map(patientRows.map((row) => [row.id, row])),
        staffById: new Map(
          staffRows.map((row) => [row.id, { ...row, displayName: `${row.firstName} ${row.lastName}` }]),
        ),
      };
    },
  };
}
