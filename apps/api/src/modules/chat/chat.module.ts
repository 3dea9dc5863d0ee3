import fp from 'fastify-plugin';
import { chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';

/** Patient and support conversations, over HTTP and the socket (decision 0450). */
export const chatModule = fp(
  async (app) => {
    const { clock, audit, realtime } = app;
    await app.register(chatRoutes, { chat: createChatService({ clock, audit, realtime }), realtime });
  },
  { name: 'chat', dependencies: ['core'] },
);
