import { type ChatSendAck, chatEvents, sendChatMessageBodySchema } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Actor } from '../../db/scope.ts';
import { problemBody, problemOf, validationProblem } from '../../plugins/errors.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import { socketContext } from '../../realtime/socket-server.ts';
import type { ChatService } from './chat.service.ts';

type Deps = { chat: ChatService; realtime: Realtime; log: FastifyBaseLogger };

/**
 * `send_message` on an open socket: the checks, the saving and the answer of POST /chat/message, the answer given
 * as the acknowledgement. No HTTP request per message, so a busy conversation costs the server less.
 */
export function acceptSocketSends({ chat, realtime, log }: Deps) {
  async function answer(socket: Socket, actor: Actor, body: unknown): Promise<ChatSendAck> {
    const parsed = sendChatMessageBodySchema.safeParse(body);
    if (!parsed.success) return { problem: validationProblem(parsed.error) };
    try {
      if (!(await realtime.mayAct(socket))) {
        setImmediate(() => socket.disconnect(true));
        return { problem: problemBody({ code: 'unauthenticated' }) };
      }
      return { message: await chat.send(actor, parsed.data, socketContext(socket)) };
    } catch (err) {
      const { problem, fault } = problemOf(err);
      if (fault === 'unexpected') log.error({ err }, 'socket send failed');
      return { problem };
    }
  }

  realtime.onConnect(async (socket, actor) => {
    socket.on(chatEvents.sendMessage, (body: unknown, ack: unknown) => {
      // A send without an acknowledgement could never learn whether it was saved: refused unread.
      if (typeof ack !== 'function') return;
      void answer(socket, actor, body).then((reply) => ack(reply));
    });
  });
}
