import { dashboardEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** The therapist dashboard's figures (decision 0903); the route layer audits the read (`dashboard.read`). */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { dashboard }) => {
  route(app, dashboardEndpoints.read, ({ actor, query }) => dashboard.read(actor, query));
};
