import fp from 'fastify-plugin';
import { fhirReadRoutes, fhirRoutes } from './fhir.routes.ts';
import { createFhirService } from './fhir.service.ts';

/** The patient's record as FHIR R4: the per-patient Bundle and the read-only FHIR API (decision 1425). */
export const fhirModule = fp(
  async (app) => {
    const { clock, audit, config } = app;
    const fhir = createFhirService({ clock, audit, publicUrl: config.PUBLIC_URL });
    await app.register(fhirRoutes, { fhir });
    await app.register(fhirReadRoutes, { fhir });
  },
  { name: 'fhir', dependencies: ['core'] },
);
