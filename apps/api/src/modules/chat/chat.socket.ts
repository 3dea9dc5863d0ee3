import { type ChatSendAck, chatSocketCalls } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../db/scope.ts';
import { runEndpoint } from '../../http/run-endpoint.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { problemOf } from '../../plugins/errors.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import { socketContext } from '../../realtime/socket-server.ts';
import { type Caller, callerOf as withDataAccess } from '../data-access.ts';
import type { ChatService } from './chat.service.ts';

type Deps = { db: Db; chat: ChatService; realtime: Realtime; audit: AuditLog; log: FastifyBaseLogger };

const { event, endpoint } = chatSocketCalls.sendMessage;

/**
 * `send_message` on an open socket: POST /chat/message without an HTTP request per message, so a busy conversation
 * costs the server less. It is served by the same pipeline as its HTTP twin (decision 1325): the same access check,
 * schema and audit check, and the problem HTTP would answer. Only the socket's own parts are here: its session
 * checked again, and the answer given as the acknowledgement.
 */
export function acceptSocketSends({ db, chat, realtime, audit, log }: Deps) {
  /**
   * The socket's caller while its session lives, with a data access built for this send; null once the session has
   * ended, and the socket is then closed.
   */
  async function callerOf(socket: Socket, actor: Actor): Promise<Caller | null> {
    if (await realtime.mayAct(socket)) return withDataAccess(db, actor);
    setImmediate(() => socket.disconnect(true));
    return null;
  }

  /** The send through the endpoint's pipeline, by the socket's caller (a failed check of its session: a problem). */
  async function send(socket: Socket, actor: Actor, body: unknown) {
    const ctx = socketContext(socket);
    let caller: Caller | null;
    try {
      caller = await callerOf(socket, actor);
    } catch (error) {
      return { ...problemOf(error), error };
    }
    return runEndpoint(endpoint, { actor: caller, input: { body }, ctx, audit, log }, (input) =>
      chat.send(input.actor, input.body, ctx),
    );
  }

  async function answer(socket: Socket, actor: Actor, body: unknown): Promise<ChatSendAck> {
    const outcome = await send(socket, actor, body);
    if ('answer' in outcome) return { message: outcome.answer };
    if (outcome.fault === 'unexpected') log.error({ err: outcome.error }, 'socket send failed');
    return { problem: outcome.problem };
  }

  realtime.onConnect(async (socket, actor) => {
    socket.on(event, (body: unknown, ack: unknown) => {
      // A send without an acknowledgement could never learn whether it was saved: refused unread.
      if (typeof ack !== 'function') return;
      void answer(socket, actor, body).then((reply) => ack(reply));
    });
  });
}
