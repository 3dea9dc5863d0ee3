import fp from 'fastify-plugin';
import { createHandoutService } from './handout.service.ts';
import { hepRoutes } from './hep.routes.ts';
import { createHepService } from './hep.service.ts';
import { patientProgramRoutes } from './patient-program.routes.ts';
import { createPatientProgramService } from './patient-program.service.ts';

/** Home exercise programs: built by staff and printed as a handout, and the patient's today and exercise logs. */
export const hepModule = fp(
  async (app) => {
    const { clock, audit, config, mailer } = app;
    const host = () => app.videoHost;
    await app.register(hepRoutes, {
      hep: createHepService({ clock, audit, host }),
      handout: createHandoutService({
        clock,
        audit,
        host,
        mailer,
        publicUrl: config.PUBLIC_URL,
        restrictedClinicCode: config.RESTRICTED_CLINIC_CODE,
      }),
    });
    await app.register(patientProgramRoutes, {
      patientProgram: createPatientProgramService({ clock, audit, host }),
    });
  },
  { name: 'hep', dependencies: ['core', 'video-host'] },
);
