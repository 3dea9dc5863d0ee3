import { clinicEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

export const clinicsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { clinics, rateLimits }) => {
  route(app, clinicEndpoints.detail, ({ actor, params, ctx }) => clinics.detail(actor, params.clinicCode, ctx));

  route(app, clinicEndpoints.checkCode, ({ query }) => clinics.checkCode(query.code), {
    config: { rateLimit: rateLimits.auth },
  });
};
