import {
  MONITORING_STALE_AFTER_MS,
  type MonitoringCode,
  type MonitoringEndReason,
  type MonitoringSession,
  type MonitoringUpdateBody,
} from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, actorAudit, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import { lockPatient, patientScope, requirePatient } from '../patients/patient-access.ts';
import type { MonitoringSessionRow } from './monitoring.repository.ts';
import { createMonthlyReportService } from './monthly-report.service.ts';

type Deps = { clock: Clock; audit: AuditLog };

const toSession = (row: MonitoringSessionRow): MonitoringSession => ({
  id: row.id,
  seconds: row.seconds,
  is_ended: row.endedAt !== null,
  end_reason: row.endReason,
});

/** Whole seconds from one instant to another, never negative. */
const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * The seconds a heart-beat counts (decision 0700): what the client's timer says, never more than the
 * session's wall-clock span by the server's clock, never fewer than were already counted.
 */
const countedSeconds = (session: Pick<MonitoringSessionRow, 'seconds' | 'startedAt'>, elapsed: number, now: Date) =>
  Math.max(session.seconds, Math.min(elapsed, secondsBetween(session.startedAt, now)));

/**
 * The context a heart-beat or an end leaves on its session (decision 1221): the one it names when it counts a new
 * second, or when the session has none yet (started without one), so a session ended before its first counted beat
 * still says where it ran. A beat counting nothing new leaves the context where time was last counted.
 */
const contextAfter = (session: Pick<MonitoringSessionRow, 'context'>, body: MonitoringUpdateBody, counts: boolean) =>
  counts || session.context === null ? body.context : session.context;

/** Whether a heart-beat arriving now comes too long after the previous one: the client was gone in between. */
const isStale = (session: Pick<MonitoringSessionRow, 'lastBeatAt'>, now: Date) =>
  now.getTime() - session.lastBeatAt.getTime() > MONITORING_STALE_AFTER_MS;

/** What an end leaves on its session: when, with how many seconds, why, and the last beat and context it names. */
type SessionEnd = {
  endedAt: Date;
  seconds: number;
  reason: MonitoringEndReason;
  lastBeatAt?: Date;
  context?: MonitoringCode;
};

/**
 * Ends a session, inside the caller's transaction (`data` is its data access), with its `monitoring.end` audit row
 * there too. The actor is who ended it: the clinician, or the staff member whose change of the patient ended it
 * (decision 1291).
 */
export async function endSession(
  data: TxData,
  audit: AuditLog,
  actor: Caller,
  session: MonitoringSessionRow,
  at: SessionEnd,
  ctx: RequestContext,
) {
  // The session was found in the caller's scope: its end is written in its own clinic (decision 1340).
  const ended = await data.within(clinicScope(session.clinicId)).monitoring.update(session.id, {
    seconds: at.seconds,
    endedAt: at.endedAt,
    endReason: at.reason,
    ...(at.lastBeatAt && { lastBeatAt: at.lastBeatAt }),
    ...(at.context && { context: at.context }),
  });
  if (!ended) throw notFound('monitoring session');
  await patientAudit(audit).success(
    actor,
    'monitoring.end',
    { id: session.patientId, clinicId: session.clinicId },
    ctx,
    {
      monitoring_id: session.id,
      ...(session.userId !== actor.id && { user_id: session.userId }),
      reason: at.reason,
      seconds: ended.seconds,
      context: ended.context,
      started_at: ended.startedAt.toISOString(),
      ended_at: at.endedAt.toISOString(),
    },
    data.db,
  );
  return ended;
}

/** Only an onboarded patient is monitored (decision 0700); `status` is missing for a patient no longer there. */
function refuseUnlessOnboarded(status: string | undefined) {
  if (status === undefined) throw notFound('patient');
  if (status !== 'onboarded') {
    throw new AppError('conflict', `Only onboarded patients are monitored; this patient is ${status}`);
  }
}

export function createMonitoringService({ clock, audit }: Deps) {
  const { success: record } = patientAudit(audit);
  const deny = actorAudit(audit);
  const end = (data: TxData, actor: Caller, session: MonitoringSessionRow, at: SessionEnd, ctx: RequestContext) =>
    endSession(data, audit, actor, session, at, ctx);

  return {
    ...createMonthlyReportService({ clock, audit }),

    /**
     * Starts monitoring the caller on an onboarded patient of theirs. The caller's open session, if any, ends at its
     * last heart-beat: two sessions of one user never count the same second.
     */
    async start(actor: Caller, patientId: number, context: MonitoringCode | undefined, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'monitoring.start', ctx);
      refuseUnlessOnboarded(patient.status);
      const session = await actor.data.transaction(async (data) => {
        // Asked again under the patient's lock: a discharge, a removal or a hand-over committing meanwhile either
        // comes first (and the start is refused, or opens after it) or waits for the start and ends its session.
        refuseUnlessOnboarded((await lockPatient(data, patient))?.status);
        // The patient was found in the caller's scope; the session is kept in the patient's clinic (decision 1340).
        const repo = data.within(patientScope(patient)).monitoring;
        await repo.lockUser(actor.id);
        const open = await repo.findOpenForUpdate(actor.id);
        // Read once the locks are held, so no heart-beat of the session being replaced comes after it.
        const now = clock.now();
        if (open) {
          await end(data, actor, open, { endedAt: open.lastBeatAt, seconds: open.seconds, reason: 'left' }, ctx);
        }
        const started = await repo.insert({
          patientId: patient.id,
          userId: actor.id,
          now,
          context,
        });
        await record(
          actor,
          'monitoring.start',
          patient,
          ctx,
          { monitoring_id: started.id, ended_previous: open?.id ?? null },
          data.db,
        );
        return started;
      });
      return { id: session.id };
    },

    /**
     * A heart-beat of the caller's own session, or its end. The client's arithmetic is only an upper bound the
     * server's clock caps; the client's time is never read.
     */
    async update(actor: Caller, sessionId: number, body: MonitoringUpdateBody, ctx: RequestContext) {
      const outcome = await actor.data.transaction(async (data) => {
        const repo = data.monitoring;
        const session = await repo.findOwnForUpdate(sessionId, actor.id);
        const now = clock.now();
        if (!session) return { kind: 'missing' } as const;
        if (session.endedAt) return { kind: 'ended', session } as const;
        if (isStale(session, now)) {
          // The client was gone since its last beat: the session ended there, with what was counted by then.
          const ended = await end(
            data,
            actor,
            session,
            { endedAt: session.lastBeatAt, seconds: session.seconds, reason: 'stale' },
            ctx,
          );
          return { kind: 'stale', session: ended } as const;
        }
        const seconds = countedSeconds(session, body.elapsed_seconds, now);
        const context = contextAfter(session, body, seconds > session.seconds);
        if (body.end_reason) {
          const ended = await end(
            data,
            actor,
            session,
            { endedAt: now, seconds, reason: body.end_reason, lastBeatAt: now, context },
            ctx,
          );
          return { kind: 'ended now', session: ended } as const;
        }
        // Every beat in time keeps the session alive, even one claiming nothing new (the clinician reading without
        // touching anything): its seconds never go down.
        const counts = seconds > session.seconds;
        const beat = await repo.update(session.id, { seconds, lastBeatAt: now, context });
        if (!beat) return { kind: 'missing' } as const;
        return { kind: counts ? 'beat' : 'kept alive', session: beat } as const;
      });
      switch (outcome.kind) {
        case 'missing':
          await deny(actor, 'monitoring.end', ctx, { monitoring_id: sessionId }, 'denied');
          throw notFound('monitoring session');
        case 'ended':
          throw new AppError('conflict', 'This monitoring session has ended; start a new one');
        case 'stale':
          throw new AppError(
            'conflict',
            'This monitoring session ended at its last heart-beat: none came for too long; start a new one',
          );
        // A beat owes no audit row, an end its `monitoring.end`: the endpoint's audit (once per session) says so.
        case 'kept alive':
        case 'beat':
        case 'ended now':
          return toSession(outcome.session);
      }
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
