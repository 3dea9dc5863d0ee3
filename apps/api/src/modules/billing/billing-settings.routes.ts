import { billingEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { BillingSettingsService } from './billing-settings.service.ts';

/** The clinic's billing settings (issue #15): timezone, rates per rule year and code, and its rendering staff. */
export const billingSettingsRoutes: FastifyPluginAsyncZod<{ billingSettings: BillingSettingsService }> = async (
  app,
  { billingSettings },
) => {
  route(app, billingEndpoints.settings, ({ actor, query }) => billingSettings.settings(actor, query));
  route(app, billingEndpoints.changeSettings, ({ actor, query, body, ctx }) =>
    billingSettings.change(actor, query, body, ctx),
  );
};
