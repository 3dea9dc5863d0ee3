import fp from 'fastify-plugin';
import { createVisitsService, type VisitsService } from './visits.service.ts';
import { acceptVisitCalls } from './visits.socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    videoVisits: VisitsService;
  }
}

/** Video visits over the socket, measured and logged by the server (decision 1375). */
export const visitsModule = fp(
  async (app) => {
    const { db, clock, audit, realtime, config, taskRules, pushSender: push } = app;
    const visits = createVisitsService({ clock, audit, realtime, push, config, tasks: taskRules, log: app.log });
    acceptVisitCalls({ db, visits, realtime, audit, log: app.log });
    app.decorate('videoVisits', visits);
  },
  { name: 'visits', dependencies: ['core', 'tasks', 'patients', 'reminders'] },
);
