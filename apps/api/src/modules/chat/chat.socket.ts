import { type ChatSendAck, chatSocketCalls } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Actor } from '../../db/scope.ts';
import { runEndpoint } from '../../http/run-endpoint.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { problemOf } from '../../plugins/errors.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import { socketContext } from '../../realtime/socket-server.ts';
import type { ChatService } from './chat.service.ts';

type Deps = { chat: ChatService; realtime: Realtime; audit: AuditLog; log: FastifyBaseLogger };

const { event, endpoint } = chatSocketCalls.sendMessage;

/**
 * `send_message` on an open socket: POST /chat/message without an HTTP request per message, so a busy conversation
 * costs the server less. It is served by the same pipeline as its HTTP twin (decision 1325): the same access check,
 * schema and audit check, and the problem HTTP would answer. Only the socket's own parts are here: its session
 * checked again, and the answer given as the acknowledgement.
 */
export function acceptSocketSends({ chat, realtime, audit, log }: Deps) {
  /** The socket's caller while its session lives; null once it has ended, and the socket is then closed. */
  async function callerOf(socket: Socket, actor: Actor): Promise<Actor | null> {
    if (await realtime.mayAct(socket)) return actor;
    setImmediate(() => socket.disconnect(true));
    return null;
  }

  async function answer(socket: Socket, actor: Actor, body: unknown): Promise<ChatSendAck> {
    const ctx = socketContext(socket);
    const outcome = await callerOf(socket, actor).then(
      (caller) =>
        runEndpoint(endpoint, { actor: caller, input: { body }, ctx, audit, log }, (input) =>
          chat.send(input.actor, input.body, ctx),
        ),
      (error: unknown) => ({ ...problemOf(error), error }),
    );
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
