import fp from 'fastify-plugin';
import { patientDataRoutes } from './patient-data.routes.ts';
import { createPatientDataService } from './patient-data.service.ts';

/** Progress weeks and their trend, and outcome measures (functional data). */
export const patientDataModule = fp(
  async (app) => {
    const { clock, audit } = app;
    await app.register(patientDataRoutes, { patientData: createPatientDataService({ clock, audit }) });
  },
  { name: 'patient-data', dependencies: ['core'] },
);
