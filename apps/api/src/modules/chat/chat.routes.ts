import { chatEndpoints, chatEvents } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { type Realtime, socketContext } from '../../realtime/socket-server.ts';
import { callerOf } from '../data-access.ts';
import type { ChatService } from './chat.service.ts';
import { acceptSocketSends } from './chat.socket.ts';

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; realtime: Realtime }> = async (
  app,
  { chat, realtime },
) => {
  route(app, chatEndpoints.patientSessions, ({ actor, query, ctx }) =>
    chat.patientSessions(actor, query.page, query.page_size, ctx),
  );

  route(app, chatEndpoints.supportSessions, ({ actor, query }) =>
    chat.supportSessions(actor, query.page, query.page_size),
  );

  route(app, chatEndpoints.openSession, ({ actor, body, ctx }) => chat.openPatientSession(actor, body.patient, ctx));

  // Patients read and write their own conversation (the service answers 404 for any other).
  route(app, chatEndpoints.messages, ({ actor, query, ctx }) =>
    chat.messages(actor, query.session, query.page, query.page_size, ctx),
  );

  route(app, chatEndpoints.send, ({ actor, body, ctx }) => chat.send(actor, body, ctx));

  acceptSocketSends({ db: app.db, chat, realtime, audit: app.audit, log: app.log });

  // A reconnecting client names the last message it has; it gets everything after it, each message once, audited
  // as a read of each conversation it hears from.
  realtime.onConnect(async (socket, actor) => {
    const last = socket.handshake.auth?.last_message_id;
    if (typeof last !== 'number' || !Number.isSafeInteger(last) || last < 0) return;
    try {
      const missed = await chat.missedMessages(callerOf(app.db, actor), last, socketContext(socket));
      for (const message of missed) socket.emit(chatEvents.newMessage, message);
    } catch (err) {
      // A catch-up that failed must not leave a live socket whose next message moves the client past the gap:
      // closed, the client connects again from the same last message.
      socket.disconnect(true);
      throw err;
    }
  });
};
