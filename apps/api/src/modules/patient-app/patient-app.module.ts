import fp from 'fastify-plugin';
import { patientAppRoutes } from './patient-app.routes.ts';
import { createPatientAppService } from './patient-app.service.ts';
import { createPatientSigninService, type PatientSigninService } from './patient-signin.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A patient's sign-in: by e-mail here, by a verified phone in the patients' QR registration. */
    patientSignin: PatientSigninService;
  }
}

/** The patient's own calls: sign-in, profile, health readings and chat (decision 0410). */
export const patientAppModule = fp(
  async (app) => {
    const { db, clock, audit } = app;
    const patientSignin = createPatientSigninService({ db, signin: app.signin, audit });
    app.decorate('patientSignin', patientSignin);
    await app.register(patientAppRoutes, {
      patientSignin,
      patientApp: createPatientAppService({ clock, audit }),
      rateLimit: app.rateLimits.auth,
    });
  },
  { name: 'patient-app', dependencies: ['core', 'auth'] },
);
