import { type ChatSendAck, chatEvents, sendChatMessageBodySchema } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Actor } from '../../db/scope.ts';
import type { Clock } from '../../lib/clock.ts';
import { problemBody, problemOf, validationProblem } from '../../plugins/errors.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ChatService } from './chat.service.ts';

type Deps = { chat: ChatService; auth: AuthService; realtime: Realtime; clock: Clock; log: FastifyBaseLogger };

/**
 * How long a socket's session is trusted between checks. Signing out, a new password, removed access and a removed
 * patient close the account's sockets at once; this bounds anything else (an expiry, a change made outside the
 * portal) to seconds, without a session query for every message.
 */
export const SESSION_RECHECK_MS = 10_000;

/**
 * `send_message` on an open socket: the checks, the saving and the answer of POST /chat/message, the answer given
 * as the acknowledgement. No HTTP request per message, so a busy conversation costs the server less.
 */
export function acceptSocketSends({ chat, auth, realtime, clock, log }: Deps) {
  /** Whether the socket's session may still act: checked again (and counted as activity) every few seconds. */
  async function sessionStillLive(socket: Socket) {
    const now = clock.now().getTime();
    if (now - (socket.data.sessionCheckedAt ?? 0) < SESSION_RECHECK_MS) return true;
    if (!(await auth.isSessionLive(socket.data.sessionId))) return false;
    socket.data.sessionCheckedAt = now;
    return true;
  }

  async function answer(socket: Socket, actor: Actor, body: unknown): Promise<ChatSendAck> {
    const parsed = sendChatMessageBodySchema.safeParse(body);
    if (!parsed.success) return { problem: validationProblem(parsed.error) };
    try {
      if (!(await sessionStillLive(socket))) {
        setImmediate(() => socket.disconnect(true));
        return { problem: problemBody({ code: 'unauthenticated' }) };
      }
      return { message: await chat.send(actor, parsed.data, { ip: socket.data.ip }) };
    } catch (err) {
      const { problem, fault } = problemOf(err);
      if (fault === 'unexpected') log.error({ err }, 'socket send failed');
      return { problem };
    }
  }

  realtime.onConnect(async (socket, actor) => {
    // Checked live at the handshake.
    socket.data.sessionCheckedAt = clock.now().getTime();
    socket.on(chatEvents.sendMessage, (body: unknown, ack: unknown) => {
      // A send without an acknowledgement could never learn whether it was saved: refused unread.
      if (typeof ack !== 'function') return;
      void answer(socket, actor, body).then((reply) => ack(reply));
    });
  });
}
