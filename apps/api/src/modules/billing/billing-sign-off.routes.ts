import { billingSignOffEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { BillingSignOffService } from './billing-sign-off.service.ts';

/** A closed month's sign-off (decision 1210): its state, the supervisor's sign-off, and the review of post-close corrections (decision 1285). */
export const billingSignOffRoutes: FastifyPluginAsyncZod<{ billingSignOff: BillingSignOffService }> = async (
  app,
  { billingSignOff },
) => {
  route(app, billingSignOffEndpoints.signOff, ({ actor, params, query }) => billingSignOff.state(actor, params, query));
  route(app, billingSignOffEndpoints.sign, ({ actor, params, query, body, ctx }) =>
    billingSignOff.sign(actor, params, query, body, ctx),
  );
  route(app, billingSignOffEndpoints.postCloseCorrections, ({ actor, params, query, ctx }) =>
    billingSignOff.review(actor, params, query, ctx),
  );
};
