import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { patients, users, videoVisits } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

type VisitValues = typeof videoVisits.$inferInsert;

const visitColumns = {
  id: videoVisits.id,
  clinicId: videoVisits.clinicId,
  patientId: videoVisits.patientId,
  staffId: videoVisits.staffId,
  createdAt: videoVisits.createdAt,
  patientJoinedAt: videoVisits.patientJoinedAt,
  staffSocket: videoVisits.staffSocket,
  patientSocket: videoVisits.patientSocket,
  spans: videoVisits.spans,
  quietSince: videoVisits.quietSince,
  endedAt: videoVisits.endedAt,
  endReason: videoVisits.endReason,
  connectedSeconds: videoVisits.connectedSeconds,
  interactionLogId: videoVisits.interactionLogId,
  /** The patient's sign-in account, whose devices ring. */
  patientUserId: patients.userId,
};
export type VisitRow = Awaited<ReturnType<ReturnType<typeof createVisitsRepository>['open']>>[number];

/** Video visits (decision 1375), in the scope's clinics; a visit is written into the scope's one clinic. */
export const createVisitsRepository = (db: DbOrTx, scope: ClinicScope) => {
  const rows = () =>
    db.select(visitColumns).from(videoVisits).innerJoin(patients, eq(patients.id, videoVisits.patientId)).$dynamic();
  const inScopeAnd = (where: SQL) => and(where, inScope(videoVisits.clinicId, scope));
  return {
    /** A new visit, ringing from `now`; undefined when the patient is not of the scope's clinic. */
    async start(values: { patientId: number; staffId: number; staffSocket: string; now: Date }) {
      if (!(await allPatientsInScope(db, scope, [values.patientId]))) return undefined;
      const [row] = await db
        .insert(videoVisits)
        .values({ ...values, clinicId: clinicIdOf(scope), createdAt: values.now, quietSince: values.now })
        .returning({ id: videoVisits.id });
      return row!.id;
    },

    async find(id: number) {
      return (await rows().where(inScopeAnd(eq(videoVisits.id, id))))[0];
    },

    /** The visit, its row locked until the transaction ends: its changes are made one at a time. */
    async lock(id: number) {
      return (
        await rows()
          .where(inScopeAnd(eq(videoVisits.id, id)))
          .for('update', { of: videoVisits })
      )[0];
    },

    /** The visits not ended yet, for the sweep. */
    async open() {
      return rows().where(inScopeAnd(isNull(videoVisits.endedAt)));
    },

    /**
     * Changes an open visit; an ended one is left as it was (false). Ending it this way is the compare-and-set that
     * lets one of several servers end a visit once.
     */
    async change(
      id: number,
      values: Partial<Omit<VisitValues, 'id' | 'clinicId' | 'patientId' | 'staffId' | 'createdAt'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(videoVisits)
        .set(values)
        .where(and(eq(videoVisits.id, id), isNull(videoVisits.endedAt), inScope(videoVisits.clinicId, scope)))
        .returning({ id: videoVisits.id });
      return rows.length > 0;
    },

    /** The starter's display name, for the ring. */
    async staffName(id: number): Promise<string> {
      const [row] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(videoVisits)
        .innerJoin(users, eq(users.id, videoVisits.staffId))
        .where(and(eq(videoVisits.id, id), inScope(videoVisits.clinicId, scope)));
      return row ? `${row.firstName} ${row.lastName}`.trim() : '';
    },
  };
};
