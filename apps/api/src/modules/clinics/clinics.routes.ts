import {
  checkCodeQuerySchema,
  checkCodeResponseSchema,
  clinicParamsSchema,
  clinicPaths,
  clinicSchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { scopeOf } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import { authorize, requireActor, staffRoles } from '../../plugins/auth.ts';
import { createClinicsRepository, toClinic } from './clinics.repository.ts';

export const clinicsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, audit, rateLimits }) => {
  const clinics = createClinicsRepository(db);

  app.get(
    clinicPaths.clinicRoute,
    {
      schema: { tags: ['clinics'], params: clinicParamsSchema, response: { 200: clinicSchema } },
      preHandler: authorize(...staffRoles),
    },
    async (request) => {
      const actor = requireActor(request);
      const clinic = await clinics.findByCodeInScope(request.params.clinicCode, scopeOf(actor));
      if (!clinic) throw notFound('clinic');
      await audit.record({
        action: 'clinic.read',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: request.ip,
      });
      return toClinic(clinic, config.RESTRICTED_CLINIC_CODE);
    },
  );

  app.get(
    clinicPaths.checkCode,
    {
      schema: { tags: ['clinics'], querystring: checkCodeQuerySchema, response: { 200: checkCodeResponseSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    async (request) => {
      const clinic = await clinics.findByCode(request.query.code);
      return { valid: Boolean(clinic), clinic_name: clinic?.name ?? null };
    },
  );
};
