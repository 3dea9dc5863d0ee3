import fp from 'fastify-plugin';
import { clinicSettingsRoutes } from './clinic-settings.routes.ts';
import { createClinicSettingsService } from './clinic-settings.service.ts';
import { clinicsRoutes } from './clinics.routes.ts';
import { createClinicsService } from './clinics.service.ts';

/** The clinic-code check, a clinic's details and their change. */
export const clinicsModule = fp(
  async (app) => {
    const { db, audit, config } = app;
    await app.register(clinicsRoutes, {
      clinics: createClinicsService({ db, audit, config }),
      rateLimit: app.rateLimits.auth,
    });
    await app.register(clinicSettingsRoutes, { clinicSettings: createClinicSettingsService({ audit, config }) });
  },
  { name: 'clinics', dependencies: ['core'] },
);
