import type { ReminderChannel, ReminderOutcome } from '@rehabit/contract';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dataDaySources } from '../../db/data-days.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { outbox, reminderDeliveries, reminderSchedules } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

export type Claim = {
  patientId: number;
  localDate: string;
  channel: ReminderChannel;
  outcome: ReminderOutcome;
  dueAt: Date;
  at: Date;
};

/** What each day's reminder became, and the data days it looks at, in the scope's clinic (decision 1350). */
export const createReminderDeliveriesRepository = (db: DbOrTx, scope: ClinicScope) => ({
  /**
   * Claims a day's reminder, one row a channel: all of them, or none when another run claimed the day first (the
   * insert waits for that run's transaction, then does nothing). Answers the rows' ids by channel.
   */
  async claim(claims: Claim[]): Promise<Map<ReminderChannel, number> | undefined> {
    if (
      claims.length === 0 ||
      !(await allPatientsInScope(
        db,
        scope,
        claims.map((c) => c.patientId),
      ))
    ) {
      return undefined;
    }
    const clinicId = clinicIdOf(scope);
    const rows = await db
      .insert(reminderDeliveries)
      .values(claims.map((c) => ({ ...c, clinicId })))
      .onConflictDoNothing()
      .returning({ id: reminderDeliveries.id, channel: reminderDeliveries.channel });
    if (rows.length < claims.length) {
      // Another run decided the day on some channel first: the day is its, on every channel (all or none).
      if (rows.length > 0) {
        const ids = rows.map((r) => r.id);
        await db
          .delete(reminderDeliveries)
          .where(and(inArray(reminderDeliveries.id, ids), inScope(reminderDeliveries.clinicId, scope)));
      }
      return undefined;
    }
    return new Map(rows.map((r) => [r.channel, r.id]));
  },

  /** Sets what the reminder became (and its outbox message). */
  async finish(id: number, outcome: ReminderOutcome, reason: string | null, outboxId: number | null) {
    await db
      .update(reminderDeliveries)
      .set({ outcome, reason, outboxId })
      .where(and(eq(reminderDeliveries.id, id), inScope(reminderDeliveries.clinicId, scope)));
  },

  /**
   * The reminders still `pending` whose delivery began before `before` and never ended (its server stopped between
   * the claim's commit and the provider's answer), with their message and the schedule's quiet-hours choice.
   */
  pending: (before: Date) =>
    db
      .select({
        id: reminderDeliveries.id,
        patientId: reminderDeliveries.patientId,
        channel: reminderDeliveries.channel,
        dueAt: reminderDeliveries.dueAt,
        at: reminderDeliveries.at,
        outboxId: reminderDeliveries.outboxId,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        timezone: reminderSchedules.timezone,
        quietHoursAllowed: reminderSchedules.quietHoursAllowed,
        enabled: reminderSchedules.enabled,
        smsOptedOut: reminderSchedules.smsOptedOut,
        emailOptedOut: reminderSchedules.emailOptedOut,
        channels: reminderSchedules.channels,
      })
      .from(reminderDeliveries)
      .innerJoin(outbox, eq(outbox.id, reminderDeliveries.outboxId))
      .innerJoin(reminderSchedules, eq(reminderSchedules.patientId, reminderDeliveries.patientId))
      .where(
        and(
          eq(reminderDeliveries.outcome, 'pending'),
          // A message the provider already took (or refused) is not handed to it again.
          eq(outbox.status, 'queued'),
          lt(reminderDeliveries.at, before),
          inScope(reminderDeliveries.clinicId, scope),
        ),
      )
      .orderBy(reminderDeliveries.at)
      .limit(1000),

  /**
   * Takes a pending reminder for one more try, if no other run took it since `seenAt` (its delivery's last start):
   * whether this run has it.
   */
  async retake(id: number, seenAt: Date, now: Date): Promise<boolean> {
    const rows = await db
      .update(reminderDeliveries)
      .set({ at: now })
      .where(
        and(
          eq(reminderDeliveries.id, id),
          eq(reminderDeliveries.outcome, 'pending'),
          eq(reminderDeliveries.at, seenAt),
          inScope(reminderDeliveries.clinicId, scope),
        ),
      )
      .returning({ id: reminderDeliveries.id });
    return rows.length === 1;
  },

  /** A patient's reminders, newest first, a page at a time. */
  async page(patientId: number, page: { limit: number; offset: number }) {
    const where = and(eq(reminderDeliveries.patientId, patientId), inScope(reminderDeliveries.clinicId, scope));
    const [total] = await db.select({ n: count() }).from(reminderDeliveries).where(where);
    const rows = await db
      .select()
      .from(reminderDeliveries)
      .where(where)
      .orderBy(desc(reminderDeliveries.localDate), desc(reminderDeliveries.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, count: total?.n ?? 0 };
  },

  /** The patient's data days in [fromDay, toDay), by the billing rule (db/data-days.ts), of the scope's one clinic. */
  async dataDays(patientId: number, fromDay: string, toDay: string): Promise<string[]> {
    const clinicId = clinicIdOf(scope);
    const parts = Object.values(dataDaySources).map(
      (s) => sql`select ${s.day}::text as day from ${s.table}
        where ${s.patientId} = ${patientId} and ${s.clinicId} = ${clinicId} and ${s.counts}
          and ${s.day} >= ${fromDay} and ${s.day} < ${toDay}`,
    );
    const result = (await db.execute(sql`select distinct day from (${sql.join(parts, sql` union all `)}) d
      order by day`)) as unknown as { rows: { day: string }[] };
    return result.rows.map((r) => r.day);
  },
});
