import { type SocketOnlyCall, type VisitAck, visitSocketCalls } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../db/scope.ts';
import { type CheckedInput, runEndpoint } from '../../http/run-endpoint.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { problemOf } from '../../plugins/errors.ts';
import { type Realtime, socketContext } from '../../realtime/socket-server.ts';
import { type Caller, callerOf } from '../data-access.ts';
import type { VisitsService } from './visits.service.ts';

type Deps = { db: Db; visits: VisitsService; realtime: Realtime; audit: AuditLog; log: FastifyBaseLogger };
type Calls = typeof visitSocketCalls;

/**
 * A visit's calls on an open socket (decision 1375), each served by the endpoint pipeline (decision 1325): the
 * socket's session checked again, the permission table, the body's schema, the audit check. What belongs to the
 * socket is here: the device (the socket) each call is made from, the visits a device took part in, whose sides are
 * disconnected when it closes, and the refusals, each audited in the caller's clinic and answered as a problem.
 */
export function acceptVisitCalls({ db, visits, realtime, audit, log }: Deps) {
  /** The visits each open socket of this server took part in. */
  const taken = new WeakMap<Socket, Set<number>>();
  const take = (socket: Socket, visitId: number) => {
    const set = taken.get(socket) ?? new Set<number>();
    taken.set(socket, set.add(visitId));
  };

  const handlers: { [K in keyof Calls]: (input: CheckedInput<Calls[K]>, socket: Socket) => Promise<unknown> } = {
    start: async ({ actor, body }, socket) => {
      const started = await visits.start(actor, body.patient_id, socketContext(socket), socket.id);
      take(socket, started.visit_id);
      return started;
    },
    join: async ({ actor, body }, socket) => {
      const joined = await visits.join(actor, body.visit_id, socketContext(socket), socket.id);
      take(socket, joined.visit_id);
      return joined;
    },
    signal: ({ actor, body }, socket) => visits.signal(actor, body, socket.id),
    connection: ({ actor, body }, socket) => visits.connection(actor, body, socket.id),
    hangUp: ({ actor, body }, socket) => visits.hangUp(actor, body.visit_id, socketContext(socket)),
  };

  async function serve(name: keyof Calls, socket: Socket, actor: Actor, body: unknown): Promise<VisitAck<unknown>> {
    const call: SocketOnlyCall = visitSocketCalls[name];
    const ctx = socketContext(socket);
    let caller: Caller | null = null;
    try {
      if (await realtime.mayAct(socket)) caller = callerOf(db, actor);
      else setImmediate(() => socket.disconnect(true));
    } catch (error) {
      return { problem: problemOf(error).problem };
    }
    const handler = handlers[name] as (input: CheckedInput<SocketOnlyCall>, socket: Socket) => Promise<unknown>;
    const outcome = await runEndpoint(call, { actor: caller, input: { body }, ctx, audit, log }, (input) =>
      handler(input, socket),
    );
    if ('answer' in outcome) return outcome.answer;
    if (outcome.fault === 'unexpected') log.error({ err: outcome.error }, 'socket visit call failed');
    else await refused(actor, call.event, body, outcome.problem, ctx.ip);
    return { problem: outcome.problem };
  }

  /** A refused call, audited in the caller's own clinic with what it named: a visit or a patient. */
  async function refused(
    actor: Actor,
    event: string,
    body: unknown,
    problem: { status: number; code: string },
    ip: string | null,
  ) {
    const named = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const id = (key: string) => (typeof named[key] === 'number' ? named[key] : undefined);
    await audit.record({
      action: 'visit.refused',
      outcome: 'denied',
      actorUserId: actor.id,
      clinicId: actor.clinicId,
      ip,
      detail: {
        event,
        visit_id: id('visit_id'),
        patient_id: id('patient_id'),
        status: problem.status,
        code: problem.code,
      },
    });
  }

  realtime.onConnect(async (socket, actor) => {
    for (const name of Object.keys(visitSocketCalls) as (keyof Calls)[]) {
      socket.on(visitSocketCalls[name].event, (body: unknown, ack: unknown) => {
        // A call without an acknowledgement could never learn its outcome: refused unread.
        if (typeof ack !== 'function') return;
        void serve(name, socket, actor, body).then((reply) => ack(reply));
      });
    }
    socket.on('disconnect', () => {
      const ids = taken.get(socket);
      if (!ids) return;
      const data = callerOf(db, actor).data;
      for (const id of ids) {
        visits.socketLeft(data, id, socket.id).catch((err) => log.warn({ err }, 'a visit side could not be left'));
      }
    });
  });
}
