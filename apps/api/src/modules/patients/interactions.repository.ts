import type { InteractionLog } from '@rehabit/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { interactionLogs, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';

const logColumns = {
  id: interactionLogs.id,
  date: interactionLogs.date,
  notes: interactionLogs.notes,
  kind: interactionLogs.kind,
  minutes: interactionLogs.minutes,
  startedAt: interactionLogs.startedAt,
  createdAt: interactionLogs.createdAt,
  createdById: interactionLogs.createdBy,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
};
type LogRow = {
  id: number;
  date: string;
  notes: string;
  kind: 'phone' | 'video';
  minutes: number;
  startedAt: Date;
  createdAt: Date;
  createdById: number | null;
  createdByFirstName: string | null;
  createdByLastName: string | null;
};

export const toInteractionLog = (row: LogRow): InteractionLog => ({
  id: row.id,
  date: row.date,
  notes: row.notes,
  kind: row.kind,
  minutes: row.minutes,
  started_at: row.startedAt.toISOString(),
  created_by:
    row.createdById && row.createdByFirstName
      ? { id: row.createdById, display_name: `${row.createdByFirstName} ${row.createdByLastName}` }
      : null,
  created_at: row.createdAt.toISOString(),
});

/** Interaction logs of one patient, kept to the scope's clinic: callers have already checked the patient. */
export const createInteractionsRepository = (db: DbOrTx, scope: ClinicScope) => ({
  async list(patientId: number, page: number, pageSize: number) {
    const live = and(
      eq(interactionLogs.patientId, patientId),
      inScope(interactionLogs.clinicId, scope),
      isNull(interactionLogs.deletedAt),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select(logColumns)
        .from(interactionLogs)
        .leftJoin(users, eq(users.id, interactionLogs.createdBy))
        .where(live)
        .orderBy(desc(interactionLogs.startedAt), desc(interactionLogs.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(interactionLogs).where(live),
    ]);
    return { rows, count: total?.n ?? 0 };
  },

  async findLive(patientId: number, logId: number): Promise<LogRow | undefined> {
    const [row] = await db
      .select(logColumns)
      .from(interactionLogs)
      .leftJoin(users, eq(users.id, interactionLogs.createdBy))
      .where(
        and(
          eq(interactionLogs.id, logId),
          eq(interactionLogs.patientId, patientId),
          inScope(interactionLogs.clinicId, scope),
          isNull(interactionLogs.deletedAt),
        ),
      )
      .limit(1);
    return row;
  },

  /** A call logged in the scope's clinic; refused (not found) for a patient of another clinic (decision 1340). */
  async insert(values: Omit<typeof interactionLogs.$inferInsert, 'clinicId'>): Promise<number> {
    if (!(await allPatientsInScope(db, scope, [values.patientId]))) throw notFound('patient');
    const [row] = await db
      .insert(interactionLogs)
      .values({ ...values, clinicId: clinicIdOf(scope) })
      .returning({ id: interactionLogs.id });
    return row!.id;
  },

  /** A live log's note, written again. A log outside the scope, or deleted, stays as it is. */
  async setNotes(logId: number, notes: string) {
    await db
      .update(interactionLogs)
      .set({ notes })
      .where(
        and(eq(interactionLogs.id, logId), isNull(interactionLogs.deletedAt), inScope(interactionLogs.clinicId, scope)),
      );
  },

  /** Kept for the audit trail; gone from lists and from billing. A log outside the scope stays as it is. */
  async softDelete(logId: number, actorId: number, now: Date) {
    await db
      .update(interactionLogs)
      .set({ deletedAt: now, deletedBy: actorId })
      .where(and(eq(interactionLogs.id, logId), inScope(interactionLogs.clinicId, scope)));
  },
});
