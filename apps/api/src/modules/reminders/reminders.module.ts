import fp from 'fastify-plugin';
import { createPushSender, type PushSender } from '../../lib/push.ts';
import { pushKeysOf } from '../../lib/push-keys.ts';
import { createPatientReminders } from './patient-changes.ts';
import { createPushDevicesService } from './push-devices.service.ts';
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
    /** Web Push to the patients' devices (decision 1365): reminders, and a visit that rings. */
    pushSender: PushSender;
  }
}

/** Exercise reminders (decisions 1350, 1365, 1370): schedules, the job that sends them, push devices, opting out. */
export const remindersModule = fp(
  async (app) => {
    const { db, clock, audit, config, mailer, sms } = app;
    const push = createPushSender({ keys: await pushKeysOf(config) });
    app.decorate('pushSender', push);
    app.decorate('reminderRunner', createReminderRunner({ db, clock, mailer, sms, push, config, log: app.log }));
    app.decorate('patientReminders', createPatientReminders());
    await app.register(remindersRoutes, {
      reminders: createRemindersService({ clock, audit, pushPublicKey: push.publicKey }),
      optOut: createReminderOptOutService({ db, clock, audit, config }),
      pushDevices: createPushDevicesService({ clock, audit, publicKey: push.publicKey }),
    });
  },
  { name: 'reminders', dependencies: ['core'] },
);
