import {
  isInCare,
  isPatientRole,
  VISIT_GRACE_SECONDS,
  VISIT_LOGGED_MIN_SECONDS,
  type VisitEnded,
  type VisitEndReason,
  type VisitSide,
  type visitConnectionBodySchema,
  visitEvents,
  type visitSignalBodySchema,
} from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PushSender } from '../../lib/push.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import type { Caller, Data, TxData } from '../data-access.ts';
import { saveCall } from '../patients/call-log.ts';
import type { PatientTasks } from '../patients/patients.service.ts';
import { iceServersFor } from './ice-servers.ts';
import { connect, disconnect, isQuiet, overlapOf } from './visit-clock.ts';
import { ringByPush } from './visit-ring.ts';
import type { VisitRow } from './visits.repository.ts';

type Deps = {
  clock: Clock;
  audit: AuditLog;
  realtime: Realtime;
  push: PushSender;
  config: Pick<Config, 'VISIT_STUN_URLS' | 'VISIT_TURN_URLS' | 'VISIT_TURN_SECRET' | 'PUBLIC_URL'>;
  tasks: PatientTasks;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/** Who acts on a visit: a person, from where (the server's sweep is nobody, from nowhere). */
type By = { userId: number | null; ip: string | null };

const ended = () => new AppError('conflict', 'This visit has ended');
const GRACE_MS = VISIT_GRACE_SECONDS * 1000;
const otherSide = (side: VisitSide): VisitSide => (side === 'staff' ? 'patient' : 'staff');
const socketOf = (visit: VisitRow, side: VisitSide) => (side === 'staff' ? visit.staffSocket : visit.patientSocket);
const socketColumn = (side: VisitSide) => (side === 'staff' ? 'staffSocket' : 'patientSocket');

/**
 * Which side of the visit the caller is: its starter, or its patient's own account. Anyone else, another clinic's
 * visit included, finds no such visit.
 */
function sideOf(actor: Caller, visit: VisitRow | undefined): VisitSide {
  if (visit && isPatientRole(actor.role) && visit.patientUserId === actor.id) return 'patient';
  if (visit && !isPatientRole(actor.role) && visit.staffId === actor.id) return 'staff';
  throw notFound('visit');
}

/** The minutes a visit logged, from what it measured: whole minutes of a long enough time connected together. */
const loggedMinutesOf = (seconds: number) => (seconds >= VISIT_LOGGED_MIN_SECONDS ? Math.floor(seconds / 60) : 0);

/**
 * Video visits (decision 1375): started by a clinician for a patient in care, joined by the patient's device, their
 * signals relayed between the two devices only, each side's connection stamped by the server, and ended by a hang-up
 * or by the sweep, which logs the time both were connected as a live call.
 */
export function createVisitsService({ clock, audit, realtime, push, config, tasks, log }: Deps) {
  const record = (
    action: 'visit.start' | 'visit.join' | 'visit.end',
    visit: VisitRow,
    by: By,
    data: TxData,
    detail = {},
  ) =>
    audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: by.userId,
        clinicId: visit.clinicId,
        patientId: visit.patientId,
        ip: by.ip,
        detail: { visit_id: visit.id, ...detail },
      },
      data.db,
    );

  /** Sends to one side's device, on whichever server holds it. */
  const toSide = (visit: VisitRow, side: VisitSide, event: string, payload: unknown) => {
    const socket = socketOf(visit, side);
    if (socket) realtime.io.to(socket).emit(event, payload);
  };

  /** Tells every device of both people that the visit ended (a device still ringing stops). */
  const announceEnd = (visit: VisitRow, end: VisitEnded) => {
    realtime.toUser(visit.staffId, visitEvents.ended, end);
    if (visit.patientUserId) realtime.toUser(visit.patientUserId, visitEvents.ended, end);
  };

  /**
   * Ends an open visit (locked by the caller's transaction) at `now`: closes its spans, measures the time both sides
   * were connected, logs it as the staff member's live call when long enough, and audits the end.
   */
  async function end(data: TxData, visit: VisitRow, reason: VisitEndReason, now: Date, by: By): Promise<VisitEnded> {
    const spans = disconnect(visit.spans, now);
    const overlap = overlapOf(spans, now);
    const minutes = loggedMinutesOf(overlap.seconds);
    let logId: number | null = null;
    const patient = await data.within(clinicScope(visit.clinicId)).patients.findWithClinicDay(visit.patientId);
    if (minutes > 0 && overlap.from && patient) {
      const call = {
        patient,
        staffId: visit.staffId,
        date: localDateOf(overlap.from, patient.timezone),
        startedAt: overlap.from,
        kind: 'video' as const,
        minutes,
        notes: '',
        now,
      };
      logId = await saveCall(data, { audit, tasks }, call, {
        actorUserId: by.userId,
        ip: by.ip,
        detail: { visit_id: visit.id },
      });
    }
    const changed = await data.visits.change(visit.id, {
      spans,
      quietSince: null,
      endedAt: now,
      endReason: reason,
      endedBy: by.userId,
      connectedSeconds: overlap.seconds,
      connectedFrom: overlap.from,
      connectedUntil: overlap.until,
      interactionLogId: logId,
    });
    if (!changed) throw ended();
    await record('visit.end', visit, by, data, { reason, connected_seconds: overlap.seconds, log_id: logId });
    // A patient removed during the visit has no log to keep its minutes: none are said to be logged.
    return { visit_id: visit.id, reason, logged_minutes: logId === null ? 0 : minutes, log_id: logId };
  }

  /** The visit as it ended, for a hang-up sent again. */
  const endOf = (visit: VisitRow): VisitEnded => ({
    visit_id: visit.id,
    reason: visit.endReason!,
    logged_minutes: visit.interactionLogId ? loggedMinutesOf(visit.connectedSeconds ?? 0) : 0,
    log_id: visit.interactionLogId,
  });

  /** Why an overdue visit ends: never answered, both devices gone, or never connected again in time. */
  const overdueReason = (visit: VisitRow): VisitEndReason => {
    if (!visit.patientJoinedAt) return 'unanswered';
    if (!visit.staffSocket && !visit.patientSocket) return 'both_left';
    return 'no_connection_timeout';
  };

  /** A side's device is gone at `now`: its connection ends there, and the side must join again to take part. */
  async function leave(data: TxData, visit: VisitRow, side: VisitSide, now: Date) {
    const spans = disconnect(visit.spans, now, side);
    await data.visits.change(visit.id, {
      spans,
      [socketColumn(side)]: null,
      quietSince: isQuiet(spans) ? (visit.quietSince ?? now) : null,
    });
  }

  return {
    async start(actor: Caller, patientId: number, ctx: RequestContext, socketId: string) {
      const patient = await actor.data.patients.findWithClinicDay(patientId);
      if (!patient) throw notFound('patient');
      if (!isInCare(patient.status)) {
        throw new AppError(
          'conflict',
          'This patient is not in care: only a registered or onboarded patient has visits',
        );
      }
      const now = clock.now();
      const visit = await actor.data.within(clinicScope(patient.clinicId)).transaction(async (data) => {
        const id = await data.visits.start({ patientId, staffId: actor.id, staffSocket: socketId, now });
        const row = id === undefined ? undefined : await data.visits.find(id);
        if (!row) throw notFound('patient');
        if (!row.patientUserId) {
          throw new AppError('conflict', 'This patient has no account in the app yet, so the visit cannot reach them');
        }
        await record('visit.start', row, { userId: actor.id, ip: ctx.ip }, data);
        return row;
      });
      const staffName = await actor.data.within(clinicScope(patient.clinicId)).visits.staffName(visit.id);
      realtime.toUser(visit.patientUserId!, visitEvents.ring, { visit_id: visit.id, staff_name: staffName });
      // Not awaited: the caller hears its answer at once, whatever the push services take.
      void ringByPush(
        { clock, push, publicUrl: config.PUBLIC_URL, log },
        actor.data.within(clinicScope(patient.clinicId)),
        visit,
      );
      return { visit_id: visit.id, ice_servers: iceServersFor(config, actor.id, now) };
    },

    /** The patient answers on this device, or a side's device takes the visit (back) after a reconnect. */
    async join(actor: Caller, visitId: number, ctx: RequestContext, socketId: string) {
      const now = clock.now();
      const { visit, side } = await actor.data.transaction(async (data) => {
        const visit = await data.visits.lock(visitId);
        const side = sideOf(actor, visit);
        if (visit!.endedAt) throw ended();
        const again = side === 'patient' ? visit!.patientJoinedAt !== null : true;
        await data.visits.change(visitId, {
          [socketColumn(side)]: socketId,
          ...(side === 'patient' && !visit!.patientJoinedAt ? { patientJoinedAt: now } : {}),
          // A device joining is a sign of life: the wait for a connection starts again.
          ...(visit!.quietSince ? { quietSince: now } : {}),
        });
        await record('visit.join', visit!, { userId: actor.id, ip: ctx.ip }, data, { side, again });
        return { visit: visit!, side };
      });
      toSide(visit, otherSide(side), visitEvents.joined, { visit_id: visitId, side });
      return {
        visit_id: visitId,
        ice_servers: iceServersFor(config, actor.id, now),
        side,
        other_joined: socketOf(visit, otherSide(side)) !== null,
      };
    },

    /** Relays a description or a candidate to the other side's device, and to nobody else. */
    async signal(actor: Caller, body: z.infer<typeof visitSignalBodySchema>, socketId: string) {
      const visit = await actor.data.visits.find(body.visit_id);
      const side = sideOf(actor, visit);
      if (visit!.endedAt) throw ended();
      if (socketOf(visit!, side) !== socketId) throw new AppError('conflict', 'Join the visit on this device first');
      if (!socketOf(visit!, otherSide(side))) throw new AppError('conflict', 'The other side has not joined the visit');
      toSide(visit!, otherSide(side), visitEvents.signal, body);
      return { relayed: true as const };
    },

    /** The side's peer connection is connected or disconnected now, by the server's clock. */
    async connection(actor: Caller, body: z.infer<typeof visitConnectionBodySchema>, socketId: string) {
      const now = clock.now();
      return actor.data.transaction(async (data) => {
        const visit = await data.visits.lock(body.visit_id);
        const side = sideOf(actor, visit);
        if (visit!.endedAt) throw ended();
        if (socketOf(visit!, side) !== socketId) throw new AppError('conflict', 'Join the visit on this device first');
        const spans =
          body.state === 'connected' ? connect(visit!.spans, side, now) : disconnect(visit!.spans, now, side);
        await data.visits.change(visit!.id, { spans, quietSince: isQuiet(spans) ? (visit!.quietSince ?? now) : null });
        return { visit_id: visit!.id, connected_seconds: overlapOf(spans, now).seconds };
      });
    },

    /** Ends the visit; sent again, it answers the same end and changes nothing. */
    async hangUp(actor: Caller, visitId: number, ctx: RequestContext): Promise<VisitEnded> {
      const now = clock.now();
      const outcome = await actor.data.transaction(async (data) => {
        const visit = await data.visits.lock(visitId);
        sideOf(actor, visit);
        if (visit!.endedAt) {
          noteNothingChanged();
          return { visit: visit!, end: endOf(visit!), fresh: false };
        }
        const end_ = await end(data, visit!, 'hang_up', now, { userId: actor.id, ip: ctx.ip });
        return { visit: visit!, end: end_, fresh: true };
      });
      if (outcome.fresh) announceEnd(outcome.visit, outcome.end);
      return outcome.end;
    },

    /** A device that took part in the visit closed its socket: its side is disconnected from this moment. */
    async socketLeft(data: Data, visitId: number, socketId: string) {
      const now = clock.now();
      await data.transaction(async (tx) => {
        const visit = await tx.visits.lock(visitId);
        if (!visit || visit.endedAt) return;
        const side = visit.staffSocket === socketId ? 'staff' : visit.patientSocket === socketId ? 'patient' : null;
        if (side) await leave(tx, visit, side, now);
      });
    },

    /**
     * Every open visit, looked at by any server: a side whose device is on no server is disconnected, and a visit
     * with no side connected for the grace period ends. Each end is decided under the visit's lock and written only
     * if the visit is still open, so servers sweeping together end it once. Answers how many it ended.
     */
    async sweep(data: Data): Promise<number> {
      let count = 0;
      for (const open of await data.visits.open()) {
        for (const side of ['staff', 'patient'] as const) {
          const socket = socketOf(open, side);
          if (socket && (await realtime.io.in(socket).fetchSockets()).length === 0) {
            await this.socketLeft(data, open.id, socket);
          }
        }
        const now = clock.now();
        const outcome = await data.transaction(async (tx) => {
          const visit = await tx.visits.lock(open.id);
          if (!visit || visit.endedAt || !visit.quietSince) return undefined;
          if (now.getTime() - visit.quietSince.getTime() < GRACE_MS) return undefined;
          return { visit, end: await end(tx, visit, overdueReason(visit), now, { userId: null, ip: null }) };
        });
        if (outcome) {
          announceEnd(outcome.visit, outcome.end);
          count += 1;
        }
      }
      return count;
    },
  };
}

export type VisitsService = ReturnType<typeof createVisitsService>;
