import {
  chatEvents,
  chatMessageListSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatPaths,
  chatSessionListQuerySchema,
  chatSessionListSchema,
  chatSessionSchema,
  createChatSessionBodySchema,
  sendChatMessageBodySchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requestContext } from '../../http/request-context.ts';
import { authorize, requireActor } from '../../plugins/auth.ts';
import { socketContext } from '../../realtime/socket-server.ts';
import { acceptSocketSends } from './chat.socket.ts';

export const chatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { chat, realtime }) => {
  const tags = ['chat'];
  const staff = authorize('therapist', 'manager', 'supervisor', 'admin');
  // Patients read and write their own conversation (the service answers 404 for any other).
  const participants = authorize('therapist', 'manager', 'supervisor', 'admin', 'patient');

  app.get(
    chatPaths.therapistSessions,
    {
      schema: { tags, querystring: chatSessionListQuerySchema, response: { 200: chatSessionListSchema } },
      preHandler: staff,
    },
    (request) => chat.patientSessions(requireActor(request), request.query.page, request.query.page_size),
  );

  app.get(
    chatPaths.supportSessions,
    {
      schema: { tags, querystring: chatSessionListQuerySchema, response: { 200: chatSessionListSchema } },
      preHandler: staff,
    },
    (request) => chat.supportSessions(requireActor(request), request.query.page, request.query.page_size),
  );

  app.post(
    chatPaths.session,
    { schema: { tags, body: createChatSessionBodySchema, response: { 200: chatSessionSchema } }, preHandler: staff },
    (request) => chat.openPatientSession(requireActor(request), request.body.patient, requestContext(request)),
  );

  app.get(
    chatPaths.messages,
    {
      schema: { tags, querystring: chatMessagesQuerySchema, response: { 200: chatMessageListSchema } },
      preHandler: participants,
    },
    (request) =>
      chat.messages(
        requireActor(request),
        request.query.session,
        request.query.page,
        request.query.page_size,
        requestContext(request),
      ),
  );

  app.post(
    chatPaths.messages,
    {
      schema: { tags, body: sendChatMessageBodySchema, response: { 201: chatMessageSchema } },
      preHandler: participants,
    },
    async (request, reply) =>
      reply.code(201).send(await chat.send(requireActor(request), request.body, requestContext(request))),
  );

  acceptSocketSends({ chat, realtime, log: app.log });

  // A reconnecting client names the last message it has; it gets everything after it, each message once, audited
  // as a read of each conversation it hears from.
  realtime.onConnect(async (socket, actor) => {
    const last = socket.handshake.auth?.last_message_id;
    if (typeof last !== 'number' || !Number.isSafeInteger(last) || last < 0) return;
    try {
      const missed = await chat.missedMessages(actor, last, socketContext(socket));
      for (const message of missed) socket.emit(chatEvents.newMessage, message);
    } catch (err) {
      // A catch-up that failed must not leave a live socket whose next message moves the client past the gap:
      // closed, the client connects again from the same last message.
      socket.disconnect(true);
      throw err;
    }
  });
};
