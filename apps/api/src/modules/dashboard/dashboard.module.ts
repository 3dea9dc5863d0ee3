import fp from 'fastify-plugin';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The therapist dashboard's figures (decision 0903), from billing's RTM status and the open tasks. */
export const dashboardModule = fp(
  async (app) => {
    const { clock } = app;
    await app.register(dashboardRoutes, {
      dashboard: createDashboardService({ clock, rtm: app.rtmStatus, tasks: app.tasks }),
    });
  },
  { name: 'dashboard', dependencies: ['core', 'billing', 'tasks'] },
);
