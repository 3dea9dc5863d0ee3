import fp from 'fastify-plugin';
import { fhirReadRoutes, fhirRoutes } from './fhir.routes.ts';
import { createFhirService } from './fhir.service.ts';
import { fhirBulkRoutes } from './fhir-bulk.routes.ts';
import { createFhirBulkService } from './fhir-bulk.service.ts';
import { createFhirBulkExport, type FhirBulkExport } from './fhir-bulk-export.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The making of a clinic month's FHIR bulk export, run by the job queue. */
    fhirBulkExport: FhirBulkExport;
  }
}

/**
 * The patient's record as FHIR R4: the per-patient Bundle and the read-only FHIR API (decision 1425), and the clinic
 * month's bulk export made by a job (decision 1440).
 */
export const fhirModule = fp(
  async (app) => {
    const { db, clock, audit, config, jobs } = app;
    const fhir = createFhirService({ clock, audit, publicUrl: config.PUBLIC_URL });
    app.decorate('fhirBulkExport', createFhirBulkExport({ db, clock, audit }));
    await app.register(fhirRoutes, { fhir });
    await app.register(fhirReadRoutes, { fhir });
    await app.register(fhirBulkRoutes, { bulk: createFhirBulkService({ clock, audit, jobs }) });
  },
  { name: 'fhir', dependencies: ['core'] },
);
