import { billingEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** The clinic's billing settings (issue #15): timezone, rates per rule year and code, and its rendering staff. */
export const billingSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { billingSettings }) => {
  route(app, billingEndpoints.settings, ({ actor, query }) => billingSettings.settings(actor, query));
  route(app, billingEndpoints.changeSettings, ({ actor, query, body, ctx }) =>
    billingSettings.change(actor, query, body, ctx),
  );
};
