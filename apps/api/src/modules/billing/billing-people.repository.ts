import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { patients, users } from '../../db/schema.ts';

/** Who a billing month names: its patients and the staff who treated or monitored them, of the clinic only. */
export function createBillingPeopleRepository(db: DbOrTx) {
  return {
    async of(clinicId: number, patientIds: number[], staffIds: number[]) {
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
              .where(and(eq(patients.clinicId, clinicId), inArray(patients.id, patientIds))),
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
              .where(and(eq(users.clinicId, clinicId), inArray(users.id, staffIds))),
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
