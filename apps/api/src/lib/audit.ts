import type { DbOrTx } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

export type AuditEvent = {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  actorUserId?: number | null;
  clinicId?: number | null;
  patientId?: number | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
};

export type AuditLog = { record: (event: AuditEvent, tx?: DbOrTx) => Promise<void> };

/** Writes who did what to whom, with the outcome; inside the caller's transaction when given one. */
export const createAuditLog = (db: DbOrTx): AuditLog => ({
  record: async (event, tx) => {
    await (tx ?? db).insert(auditEvents).values({
      action: event.action,
      outcome: event.outcome,
      actorUserId: event.actorUserId ?? null,
      clinicId: event.clinicId ?? null,
      patientId: event.patientId ?? null,
      ip: event.ip ?? null,
      detail: event.detail ?? null,
    });
  },
});
