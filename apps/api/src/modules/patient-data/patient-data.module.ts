import fp from 'fastify-plugin';
import { measureAssignmentsRoutes } from './measure-assignments.routes.ts';
import { createMeasureAssignmentsService } from './measure-assignments.service.ts';
import { patientDataRoutes } from './patient-data.routes.ts';
import { createPatientDataService } from './patient-data.service.ts';

/** Progress weeks and their trend, and outcome measures (functional data), those the patient fills in included. */
export const patientDataModule = fp(
  async (app) => {
    const { clock, audit } = app;
    await app.register(patientDataRoutes, { patientData: createPatientDataService({ clock, audit }) });
    await app.register(measureAssignmentsRoutes, {
      measureAssignments: createMeasureAssignmentsService({ clock, audit }),
    });
  },
  { name: 'patient-data', dependencies: ['core'] },
);
