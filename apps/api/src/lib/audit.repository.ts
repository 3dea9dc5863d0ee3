import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { runPrepared } from '../db/prepared.ts';
import { auditEvents } from '../db/schema.ts';

type AuditRow = typeof auditEvents.$inferInsert;

/**
 * Any number of events in one statement prepared once: one array per column, so the statement's text never
 * changes with the number of events (drizzle would build a new one for every group).
 */
const INSERT_EVENTS_SQL = `insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
  select * from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::jsonb[])`;

const columnsOf = (rows: AuditRow[]) => [
  rows.map((r) => r.action),
  rows.map((r) => r.outcome),
  rows.map((r) => r.actorUserId),
  rows.map((r) => r.clinicId),
  rows.map((r) => r.patientId),
  rows.map((r) => r.ip),
  rows.map((r) => (r.detail == null ? null : JSON.stringify(r.detail))),
];

/**
 * The audit log's table, append-only: its rows are only ever inserted (decision 0601). It takes no clinic scope
 * (decision 1340): each row names the clinic its event belongs to, which for an admin's act may be any clinic, and
 * nothing here reads a row back for a caller (the audit log viewer reads through its own scoped repository).
 */
export const createAuditRepository = (db: DbOrTx) => ({
  /** Rows inside the caller's transaction, committed with its change. */
  async insert(rows: AuditRow[]): Promise<void> {
    await db.insert(auditEvents).values(rows);
  },

  /** Rows written together: in the statement prepared once, or drizzle's insert inside a transaction. */
  async insertMany(rows: AuditRow[]): Promise<void> {
    if (db instanceof PgTransaction) await db.insert(auditEvents).values(rows);
    else await runPrepared(db, 'audit_insert_events', INSERT_EVENTS_SQL, columnsOf(rows));
  },
});
