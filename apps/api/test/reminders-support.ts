import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { auditEvents, healthMetrics, outbox, reminderDeliveries } from '../src/db/schema.ts';

/** The reminders decided for a patient, oldest first, with the outbox message each sent. */
export async function remindersOf(db: Db, patientId: number) {
  const rows = await db
    .select()
    .from(reminderDeliveries)
    .where(eq(reminderDeliveries.patientId, patientId))
    .orderBy(reminderDeliveries.id);
  const ids = rows.flatMap((r) => (r.outboxId ? [r.outboxId] : []));
  const messages = ids.length ? await db.select().from(outbox).where(inArray(outbox.id, ids)) : [];
  return rows.map((r) => ({ ...r, message: messages.find((m) => m.id === r.outboxId) }));
}

/** A data day: synced steps on a clinic day. */
export async function logSteps(db: Db, clinicId: number, patientId: number, localDate: string) {
  await db.insert(healthMetrics).values({
    clinicId,
    patientId,
    kind: 'steps',
    value: 4000,
    measuredAt: new Date(`${localDate}T16:00:00Z`),
    localDate,
    source: 'manual',
  });
}

export const auditRowsOf = (db: Db, patientId: number, action: string) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.action, action)));

/** A patient's own schedule: a text every day at 18:00 New York time. */
export const dailyTextAtSix = {
  enabled: true,
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  time: '18:00',
  timezone: 'America/New_York',
  language: 'en',
  channels: ['sms'],
};
