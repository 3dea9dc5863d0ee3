/** Events recorded together are stored together, each exactly as given, whatever their details hold. */
import { asc, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.ts';
import { type AuditEvent, createAuditLog } from '../src/lib/audit.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

it('stores every event of a group with its own values and detail', async () => {
  const audit = createAuditLog(db.database.db);
  const events: AuditEvent[] = [
    { action: 'patient.read', outcome: 'success', actorUserId: 1, clinicId: 2, patientId: 3, ip: '10.0.0.1' },
    { action: 'patient.read', outcome: 'denied', actorUserId: 1, clinicId: 2, detail: { patient_id: 9 } },
    {
      action: 'chat.list',
      outcome: 'success',
      detail: { route: 'GET /x', params: { id: '7' }, text: 'quotes " \\ and {braces}, ünïcödé', list: [1, null] },
    },
    { action: 'hep.read', outcome: 'failure' },
  ];
  const [before] = await db.database.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  // Recorded at the same moment: the first alone, the others together once it is stored.
  await Promise.all(events.map((e) => audit.record(e)));
  const rows = await db.database.db
    .select()
    .from(auditEvents)
    .where(gt(auditEvents.id, before?.id ?? 0))
    .orderBy(asc(auditEvents.id));
  expect(
    rows.map((r) => ({
      action: r.action,
      outcome: r.outcome,
      actorUserId: r.actorUserId ?? undefined,
      clinicId: r.clinicId ?? undefined,
      patientId: r.patientId ?? undefined,
      ip: r.ip ?? undefined,
      detail: r.detail ?? undefined,
    })),
  ).toEqual(
    events.map((e) => ({
      action: e.action,
      outcome: e.outcome,
      actorUserId: e.actorUserId,
      clinicId: e.clinicId,
      patientId: e.patientId,
      ip: e.ip,
      detail: e.detail,
    })),
  );
});

it('stamps every row with the database time, whatever time the insert gives (decision 1266)', async () => {
  const [row] = await db.database.db
    .insert(auditEvents)
    .values({ at: new Date('2001-01-01T00:00:00Z'), action: 'auth.signin', outcome: 'failure' })
    .returning({ at: auditEvents.at });
  expect(Math.abs(row!.at.getTime() - Date.now())).toBeLessThan(60_000);
});
