import type { DbOrTx } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';
import type { Actor } from '../db/scope.ts';
import type { RequestContext } from '../http/request-context.ts';
import { groupCalls } from './group-calls.ts';

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

const toRow = (event: AuditEvent) => ({
  action: event.action,
  outcome: event.outcome,
  actorUserId: event.actorUserId ?? null,
  clinicId: event.clinicId ?? null,
  patientId: event.patientId ?? null,
  ip: event.ip ?? null,
  detail: event.detail ?? null,
});

/**
 * Writes who did what to whom, with the outcome; inside the caller's transaction when given one. Otherwise events
 * recorded at the same moment (by requests served together) are written together, in one insert and one commit;
 * each caller still waits until its event is stored.
 */
export const createAuditLog = (db: DbOrTx): AuditLog => {
  const writeTogether = groupCalls(async (events: AuditEvent[]) => {
    await db.insert(auditEvents).values(events.map(toRow));
    return events.map(() => undefined);
  });
  return {
    record: async (event, tx) => {
      if (tx) await tx.insert(auditEvents).values(toRow(event));
      else await writeTogether(event);
    },
  };
};

/** Audit writer for what staff do to one patient's record, inside the caller's transaction when given one. */
export const patientAudit = (audit: AuditLog) => ({
  success: (
    actor: Actor,
    action: string,
    patient: { id: number; clinicId: number },
    ctx: RequestContext,
    detail?: Record<string, unknown>,
    tx?: DbOrTx,
  ) =>
    audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: patient.clinicId,
        patientId: patient.id,
        ip: ctx.ip,
        detail,
      },
      tx,
    ),
  /** A refused attempt (e.g. another clinic's patient), recorded against the caller's own clinic. */
  denied: (actor: Actor, action: string, ctx: RequestContext, detail: Record<string, unknown>) =>
    audit.record({ action, outcome: 'denied', actorUserId: actor.id, clinicId: actor.clinicId, ip: ctx.ip, detail }),
});
