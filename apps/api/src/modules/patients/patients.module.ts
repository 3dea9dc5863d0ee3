import fp from 'fastify-plugin';
import { patientsRoutes } from './patients.routes.ts';
import { createPatientsService } from './patients.service.ts';
import { createRegistrationService } from './registration.service.ts';

/** Registration, QR sign-up with phone codes, the lifecycle, the list, interactions and ICD-10. */
export const patientsModule = fp(
  async (app) => {
    const { db, clock, audit, sms, config, taskRules } = app;
    const patients = createPatientsService({
      clock,
      audit,
      rtm: app.rtmStatus,
      tasks: taskRules,
      // A discharge, a removal or a change of therapist ends monitoring sessions on the patient in its transaction.
      monitoring: app.patientMonitoring,
      // A discharge or a removal parks the patient's reminders, a re-onboarding resumes them, in its transaction.
      reminders: app.patientReminders,
    });
    const registration = createRegistrationService({
      db,
      clock,
      sms,
      audit,
      config,
      signInByPhone: app.patientSignin.signInByPhone,
      tasks: taskRules,
    });
    await app.register(patientsRoutes, {
      patients,
      registration,
      realtime: app.realtime,
      rateLimit: app.rateLimits.auth,
    });
  },
  { name: 'patients', dependencies: ['core', 'tasks', 'billing', 'monitoring', 'patient-app', 'reminders'] },
);
