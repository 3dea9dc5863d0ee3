import type { MonitoringCode, MonitoringEndReason } from '@rehabit/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { monitoringSessions, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

export type MonitoringSessionRow = typeof monitoringSessions.$inferSelect;

export type NewMonitoringSession = { clinicId: number; patientId: number; userId: number; now: Date };

/** What a heart-beat or an end changes: the counted seconds, the last beat, and the end when there is one. */
export type MonitoringSessionChanges = {
  seconds: number;
  lastBeatAt?: Date;
  context?: MonitoringCode;
  endedAt?: Date;
  endReason?: MonitoringEndReason;
};

export function createMonitoringRepository(db: DbOrTx) {
  return {
    /** Holds the staff user's row until the transaction ends, so one user's starts happen one at a time. */
    async lockUser(userId: number) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** The user's open session, held until the transaction ends. */
    async findOpenForUpdate(userId: number): Promise<MonitoringSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoringSessions)
        .where(and(eq(monitoringSessions.userId, userId), isNull(monitoringSessions.endedAt)))
        .for('update');
      return row;
    },

    /** A session of this user in the scope, held until the transaction ends; anyone else's is not found. */
    async findOwnForUpdate(id: number, userId: number, scope: ClinicScope): Promise<MonitoringSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoringSessions)
        .where(
          and(
            eq(monitoringSessions.id, id),
            eq(monitoringSessions.userId, userId),
            inScope(monitoringSessions.clinicId, scope),
          ),
        )
        .for('update');
      return row;
    },

    async insert(session: NewMonitoringSession): Promise<MonitoringSessionRow> {
      const [row] = await db
        .insert(monitoringSessions)
        .values({
          clinicId: session.clinicId,
          patientId: session.patientId,
          userId: session.userId,
          startedAt: session.now,
          lastBeatAt: session.now,
          seconds: 0,
        })
        .returning();
      return row!;
    },

    async update(id: number, changes: MonitoringSessionChanges): Promise<MonitoringSessionRow> {
      const [row] = await db.update(monitoringSessions).set(changes).where(eq(monitoringSessions.id, id)).returning();
      return row!;
    },
  };
}
