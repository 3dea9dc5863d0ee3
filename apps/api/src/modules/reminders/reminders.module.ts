import fp from 'fastify-plugin';
import { createPatientReminders } from './patient-changes.ts';
import { createReminderOptOutService } from './reminder-opt-out.service.ts';
import { createReminderRunner, type ReminderRunner } from './reminder-runner.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { createRemindersService } from './reminders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminders due now, sent once: for the reminders' job. */
    reminderRunner: ReminderRunner;
    /** Parks or resumes a patient's reminders inside a change of their status (decision 1370). */
    patientReminders: ReturnType<typeof createPatientReminders>;
  }
}

/** Exercise reminders (decisions 1350, 1370): schedules, the job that sends them, opting out. */
export const remindersModule = fp(
  async (app) => {
    const { db, clock, audit, config, mailer, sms } = app;
    app.decorate('reminderRunner', createReminderRunner({ db, clock, mailer, sms, config, log: app.log }));
    app.decorate('patientReminders', createPatientReminders());
    await app.register(remindersRoutes, {
      reminders: createRemindersService({ clock, audit }),
      optOut: createReminderOptOutService({ db, clock, audit, config }),
    });
  },
  { name: 'reminders', dependencies: ['core'] },
);
