import { clinicEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { RateLimitRule } from '../../plugins/core.ts';
import type { ClinicsService } from './clinics.service.ts';

export const clinicsRoutes: FastifyPluginAsyncZod<{ clinics: ClinicsService; rateLimit: RateLimitRule }> = async (
  app,
  { clinics, rateLimit },
) => {
  route(app, clinicEndpoints.detail, ({ actor, params, ctx }) => clinics.detail(actor, params.clinicCode, ctx));

  route(app, clinicEndpoints.checkCode, ({ query }) => clinics.checkCode(query.code), {
    config: { rateLimit },
  });
};
