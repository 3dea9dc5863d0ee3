import { billingClaimsEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { BillingClaimsService } from './billing-claims.service.ts';

/** A closed month's claims (decision 1435): the clearinghouse's CSV and the lines that lack a claim's field. */
export const billingClaimsRoutes: FastifyPluginAsyncZod<{ billingClaims: BillingClaimsService }> = async (
  app,
  { billingClaims },
) => {
  route(app, billingClaimsEndpoints.claimsCsv, ({ actor, params, query, ctx }) =>
    billingClaims.csv(actor, params, query, ctx),
  );
  route(app, billingClaimsEndpoints.claimsCheck, ({ actor, params, query, ctx }) =>
    billingClaims.check(actor, params, query, ctx),
  );
};
