import fp from 'fastify-plugin';
import { monitoringRoutes } from './monitoring.routes.ts';
import { createMonitoringService } from './monitoring.service.ts';
import { createPatientMonitoring } from './patient-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends monitoring sessions on a patient inside a discharge, a removal or a change of therapist (decision 1291). */
    patientMonitoring: ReturnType<typeof createPatientMonitoring>;
  }
}

/** Monitoring sessions and the month's minutes behind billing (decisions 0700–0702, 1290). */
export const monitoringModule = fp(
  async (app) => {
    const { clock, audit } = app;
    app.decorate('patientMonitoring', createPatientMonitoring({ audit }));
    await app.register(monitoringRoutes, { monitoring: createMonitoringService({ clock, audit }) });
  },
  { name: 'monitoring', dependencies: ['core'] },
);
