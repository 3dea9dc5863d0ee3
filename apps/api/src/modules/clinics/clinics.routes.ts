import { clinicEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { scopeOf } from '../../db/scope.ts';
import { route } from '../../http/route.ts';
import { notFound } from '../../lib/errors.ts';
import { createClinicsRepository, toClinic } from './clinics.repository.ts';

export const clinicsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, audit, rateLimits }) => {
  const clinics = createClinicsRepository(db);

  route(app, clinicEndpoints.detail, async ({ actor, params, ctx }) => {
    const clinic = await clinics.findByCodeInScope(params.clinicCode, scopeOf(actor));
    if (!clinic) throw notFound('clinic');
    await audit.record({
      action: 'clinic.read',
      outcome: 'success',
      actorUserId: actor.id,
      clinicId: clinic.id,
      ip: ctx.ip,
    });
    return toClinic(clinic, config.RESTRICTED_CLINIC_CODE);
  });

  route(
    app,
    clinicEndpoints.checkCode,
    async ({ query }) => {
      const clinic = await clinics.findByCode(query.code);
      return { valid: Boolean(clinic), clinic_name: clinic?.name ?? null };
    },
    { config: { rateLimit: rateLimits.auth } },
  );
};
