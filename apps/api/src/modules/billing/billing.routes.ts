import { billingEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** The billing screen's reads (decision 0804): a month's units and the year's chart. */
export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { billing }) => {
  route(app, billingEndpoints.units, ({ actor, query, ctx }) => billing.units(actor, query, ctx));
  route(app, billingEndpoints.chart, ({ actor, query }) => billing.chart(actor, query));
};
