import { type ReminderChannel, type ReminderOutcome, reminderChannels } from '@rehabit/contract';
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
  /** Why, for an outcome decided at the claim (a day missed, no e-mail address). */
  reason?: string | null;
  dueAt: Date;
  at: Date;
};
/** What a reminder became, set after its claim. */
export type Finish = { id: number; outcome: ReminderOutcome; reason: string | null; outboxId: number | null };

/** A patient's day, as claims are grouped: a day's reminder is claimed on all its channels or on none. */
export const dayOf = (patientId: number, localDate: string) => `${patientId} ${localDate}`;

/** What each day's reminder became, and the data days it looks at, in the scope's clinic (decision 1350). */
export const createReminderDeliveriesRepository = (db: DbOrTx, scope: ClinicScope) => ({
  /**
   * Claims days' reminders, one row a channel, in one statement: each patient's day on all of its channels, or on none
   * when another run claimed it first (the insert waits for that run's transaction, then does nothing). Answers the
   * ids by channel of each day claimed, by `dayOf`.
   */
  async claim(claims: Claim[]): Promise<Map<string, Map<ReminderChannel, number>>> {
    const won = new Map<string, Map<ReminderChannel, number>>();
    if (
      claims.length === 0 ||
      !(await allPatientsInScope(
        db,
        scope,
        claims.map((c) => c.patientId),
      ))
    ) {
      return won;
    }
    const clinicId = clinicIdOf(scope);
    // Every run inserts in the same order, so two runs claiming the same days wait on each other, never deadlock.
    const ordered = [...claims].sort(
      (a, b) =>
        a.patientId - b.patientId ||
        a.localDate.localeCompare(b.localDate) ||
        reminderChannels.indexOf(a.channel) - reminderChannels.indexOf(b.channel),
    );
    const rows = await db
      .insert(reminderDeliveries)
      .values(ordered.map((c) => ({ ...c, reason: c.reason ?? null, clinicId })))
      .onConflictDoNothing()
      .returning({
        id: reminderDeliveries.id,
        patientId: reminderDeliveries.patientId,
        localDate: reminderDeliveries.localDate,
        channel: reminderDeliveries.channel,
      });
    for (const row of rows) {
      const day = dayOf(row.patientId, row.localDate);
      won.set(day, (won.get(day) ?? new Map()).set(row.channel, row.id));
    }
    const wanted = new Map<string, number>();
    for (const c of claims)
      wanted.set(dayOf(c.patientId, c.localDate), (wanted.get(dayOf(c.patientId, c.localDate)) ?? 0) + 1);
    // Another run decided a day on some channel first: the day is its, on every channel (all or none).
    const lost = [...won].filter(([day, ids]) => ids.size < wanted.get(day)!);
    if (lost.length > 0) {
      const ids = lost.flatMap(([, byChannel]) => [...byChannel.values()]);
      await db
        .delete(reminderDeliveries)
        .where(and(inArray(reminderDeliveries.id, ids), inScope(reminderDeliveries.clinicId, scope)));
      for (const [day] of lost) won.delete(day);
    }
    return won;
  },

  /** Sets what reminders became (and their outbox messages), in one statement. */
  async finish(rows: Finish[]) {
    if (rows.length === 0) return;
    await db.execute(sql`update ${reminderDeliveries} set outcome = v.outcome, reason = v.reason, outbox_id = v.outbox_id
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, outcome: r.outcome, reason: r.reason, outbox_id: r.outboxId })))}::jsonb)
        as v(id int, outcome text, reason text, outbox_id int)
      where ${reminderDeliveries.id} = v.id and ${inScope(reminderDeliveries.clinicId, scope)}`);
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

  /**
   * Each named patient's data days in [fromDay, toDay), by the billing rule (db/data-days.ts), of the scope's one
   * clinic, in one statement: by patient, each patient's days in order.
   */
  async dataDays(patientIds: readonly number[], fromDay: string, toDay: string): Promise<Map<number, string[]>> {
    const byPatient = new Map<number, string[]>();
    if (patientIds.length === 0) return byPatient;
    const clinicId = clinicIdOf(scope);
    const ids = `{${patientIds.join(',')}}`;
    const parts = Object.values(dataDaySources).map(
      (s) => sql`select ${s.patientId} as patient_id, ${s.day}::text as day from ${s.table}
        where ${s.patientId} = any(${ids}::int[]) and ${s.clinicId} = ${clinicId} and ${s.counts}
          and ${s.day} >= ${fromDay} and ${s.day} < ${toDay}`,
    );
    const result = (await db.execute(sql`select distinct patient_id, day
      from (${sql.join(parts, sql` union all `)}) d order by patient_id, day`)) as unknown as {
      rows: { patient_id: number; day: string }[];
    };
    for (const row of result.rows) {
      const id = Number(row.patient_id);
      byPatient.set(id, [...(byPatient.get(id) ?? []), row.day]);
    }
    return byPatient;
  },
});
