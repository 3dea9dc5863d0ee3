import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { patients } from '../../db/schema.ts';
import type { ClinicScope } from '../../db/scope.ts';
import {
  callNeededCondition,
  dataQuietCondition,
  rtmBillableCondition,
} from '../patients/contact-status.repository.ts';
import { patientListWhere } from '../patients/patients.repository.ts';

/**
 * What the dashboard counts, read with the patient list's own conditions so a figure and its filter agree, in the
 * scope it is built with (decision 1340).
 */
export function createDashboardRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /**
     * The scope's onboarded patients (of one treating therapist, when given), as the list's
     * `status=onboarded&therapist_id=` answers them, each with the `billable=yes`, `call=needed` and `data=quiet`
     * filters answered.
     */
    onboardedIn(therapistId: number | null, now: Date) {
      return db
        .select({
          id: patients.id,
          isBillable: sql<boolean>`${rtmBillableCondition}`,
          needsCall: sql<boolean>`${callNeededCondition(now)}`,
          isQuiet: sql<boolean>`${dataQuietCondition(now)}`,
        })
        .from(patients)
        .where(patientListWhere(scope, { status: 'onboarded', therapist_id: therapistId ?? undefined }, now));
    },
  };
}
