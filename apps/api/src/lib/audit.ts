import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction } from '@rehabit/contract';
import type { DbOrTx } from '../db/client.ts';
import type { Actor } from '../db/scope.ts';
import type { RequestContext } from '../http/request-context.ts';
import { createAuditRepository } from './audit.repository.ts';
import { groupCalls } from './group-calls.ts';

export type AuditEvent = {
  action: AuditAction;
  outcome: 'success' | 'failure' | 'denied';
  actorUserId?: number | null;
  clinicId?: number | null;
  patientId?: number | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
  /**
   * The patients a read names, with their clinics. The row is filed under each named patient's own clinic, once per
   * clinic, naming only that clinic's patients (`detail.patient_ids`): a read across clinics (an admin's) shows in
   * the log of every clinic whose patients it named, and in no other. Naming none, it is filed under `clinicId`.
   */
  namedPatients?: readonly NamedPatient[];
};

/** A patient an audit row names, and the clinic whose log must show it. */
export type NamedPatient = { id: number; clinicId: number };

export type AuditLog = { record: (event: AuditEvent, tx?: DbOrTx) => Promise<void> };

/** What a call being served has audited as successes, so the endpoint pipeline can check it against its descriptor. */
export type AuditTrail = {
  audited: Set<AuditAction>;
  /** The call changed nothing (it was sent again), so its change owes no row. */
  changedNothing: boolean;
};
const trails = new AsyncLocalStorage<AuditTrail>();

/** Runs a call and answers with its result and its audit trail. */
export async function withAuditTrail<T>(call: () => Promise<T>): Promise<{ result: T; trail: AuditTrail }> {
  const trail: AuditTrail = { audited: new Set(), changedNothing: false };
  const result = await trails.run(trail, call);
  return { result, trail };
}

/** Notes an action the call audited by other means than `record` (a statement that writes its own audit row). */
export const noteAudited = (action: AuditAction) => trails.getStore()?.audited.add(action);

/** Notes that a call of a changing endpoint changed nothing (it was sent again), so it has no change to audit. */
export const noteNothingChanged = () => {
  const trail = trails.getStore();
  if (trail) trail.changedNothing = true;
};

const toRow = (event: AuditEvent) => ({
  action: event.action,
  outcome: event.outcome,
  actorUserId: event.actorUserId ?? null,
  clinicId: event.clinicId ?? null,
  patientId: event.patientId ?? null,
  ip: event.ip ?? null,
  detail: event.detail ?? null,
});
type Row = ReturnType<typeof toRow>;

/** Figures of a whole reading: a clinic's row of a reading across several clinics leaves them out. */
const WHOLE_READING_TOTALS = ['count', 'rows'];

/** The detail without the whole reading's totals, which would tell one clinic how many the others hold. */
const ownDetail = (detail: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(detail).filter(([key]) => !WHOLE_READING_TOTALS.includes(key)));

/**
 * The rows of an event: one, or one per clinic of the patients it names, each with that clinic's patients only. The
 * patient column stays on the row of its own clinic.
 */
function rowsOf(event: AuditEvent): Row[] {
  const named = event.namedPatients;
  if (!named) return [toRow(event)];
  if (named.length === 0) return [toRow({ ...event, detail: { ...event.detail, patient_ids: [] } })];
  const byClinic = new Map<number, Set<number>>();
  for (const patient of named)
    byClinic.set(patient.clinicId, (byClinic.get(patient.clinicId) ?? new Set()).add(patient.id));
  const detail = byClinic.size > 1 ? ownDetail(event.detail) : event.detail;
  return [...byClinic].map(([clinicId, ids]) =>
    toRow({
      ...event,
      clinicId,
      patientId: event.patientId != null && ids.has(event.patientId) ? event.patientId : null,
      detail: { ...detail, patient_ids: [...ids] },
    }),
  );
}

/**
 * Writes who did what to whom, with the outcome; inside the caller's transaction when given one. Otherwise events
 * recorded at the same moment (by requests served together) are written together, in one insert and one commit;
 * each caller still waits until its event is stored.
 */
export const createAuditLog = (db: DbOrTx): AuditLog => {
  const repo = createAuditRepository(db);
  const writeTogether = groupCalls(async (events: Row[][]) => {
    await repo.insertMany(events.flat());
    return events.map(() => undefined);
  });
  return {
    record: async (event, tx) => {
      if (event.outcome === 'success') noteAudited(event.action);
      const rows = rowsOf(event);
      if (tx) await createAuditRepository(tx).insert(rows);
      else await writeTogether(rows);
    },
  };
};

/** Audit writer for what staff do in their own clinic: the event is filed under the actor's clinic. */
export const actorAudit =
  (audit: AuditLog) =>
  (
    actor: Actor,
    action: AuditAction,
    ctx: RequestContext,
    detail: Record<string, unknown>,
    outcome: 'success' | 'denied' = 'success',
    tx?: DbOrTx,
  ) =>
    audit.record({ action, outcome, actorUserId: actor.id, clinicId: actor.clinicId, ip: ctx.ip, detail }, tx);

/** A writer of the success of an action about one thing (a clinic, a patient), inside a transaction when given one. */
type SuccessAbout<Subject> = (
  actor: Actor,
  action: AuditAction,
  subject: Subject,
  ctx: RequestContext,
  detail?: Record<string, unknown>,
  tx?: DbOrTx,
) => Promise<void>;

/**
 * Audit writer for a change to one clinic's set-up (its details, its billing settings, its creation): filed under
 * that clinic, whoever makes it, naming its code before the values changed.
 */
export const clinicAudit =
  (audit: AuditLog): SuccessAbout<{ id: number; code: string }> =>
  (actor, action, clinic, ctx, detail, tx) =>
    audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: ctx.ip,
        detail: { clinic_code: clinic.code, ...detail },
      },
      tx,
    );

/** Audit writer for what staff do to one patient's record, inside the caller's transaction when given one. */
export const patientAudit = (audit: AuditLog) => {
  const success: SuccessAbout<{ id: number; clinicId: number }> = (actor, action, patient, ctx, detail, tx) =>
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
    );
  return {
    success,
    /** A refused attempt (e.g. another clinic's patient), recorded against the caller's own clinic. */
    denied: (actor: Actor, action: AuditAction, ctx: RequestContext, detail: Record<string, unknown>) =>
      actorAudit(audit)(actor, action, ctx, detail, 'denied'),
  };
};
