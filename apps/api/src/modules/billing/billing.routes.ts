import { billingEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { BillingService } from './billing.service.ts';

/** The billing screen's reads (decision 0804): a month's units and the year's chart. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  route(app, billingEndpoints.units, ({ actor, query, ctx }) => billing.units(actor, query, ctx));
  route(app, billingEndpoints.chart, ({ actor, query }) => billing.chart(actor, query));
};
