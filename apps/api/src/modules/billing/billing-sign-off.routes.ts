import { billingSignOffEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** A closed month's sign-off (decision 1210): its state, the supervisor's sign-off, and the review of post-close corrections (decision 1285). */
export const billingSignOffRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { billingSignOff }) => {
  route(app, billingSignOffEndpoints.signOff, ({ actor, params, query }) => billingSignOff.state(actor, params, query));
  route(app, billingSignOffEndpoints.sign, ({ actor, params, query, body, ctx }) =>
    billingSignOff.sign(actor, params, query, body, ctx),
  );
  route(app, billingSignOffEndpoints.postCloseCorrections, ({ actor, params, query, ctx }) =>
    billingSignOff.review(actor, params, query, ctx),
  );
};
