import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { patients, tasks } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { callNeededCondition, dataQuietCondition } from '../patients/contact-status.repository.ts';
import { patientListWhere } from '../patients/patients.repository.ts';

/** What the dashboard counts, read with the patient list's own conditions so a figure and its filter agree. */
export function createDashboardRepository(db: DbOrTx) {
  return {
    /**
     * The clinic's onboarded patients (of one treating therapist, when given), as the list's
     * `status=onboarded&therapist_id=` answers them, each with the `call=needed` and `data=quiet` filters answered.
     */
    onboardedIn(clinicId: number, therapistId: number | null, now: Date) {
      return db
        .select({
          id: patients.id,
          needsCall: sql<boolean>`${callNeededCondition(now)}`,
          isQuiet: sql<boolean>`${dataQuietCondition(now)}`,
        })
        .from(patients)
        .where(
          patientListWhere(clinicScope(clinicId), { status: 'onboarded', therapist_id: therapistId ?? undefined }, now),
        );
    },

    /** The open tasks of a staff member's own view: new, of their clinic, assigned to them or to nobody. */
    async openTasksOf(user: { id: number; clinicId: number }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tasks)
        .where(
          and(
            eq(tasks.clinicId, user.clinicId),
            eq(tasks.status, 'new'),
            or(eq(tasks.assigneeId, user.id), isNull(tasks.assigneeId)),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
