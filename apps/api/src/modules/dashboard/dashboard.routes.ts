import { dashboardEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The therapist dashboard's figures (decision 0903); the route layer audits the read (`dashboard.read`). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  route(app, dashboardEndpoints.read, ({ actor, query }) => dashboard.read(actor, query));
};
