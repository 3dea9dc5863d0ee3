import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createJobs, type JobsOptions } from './jobs/job-queue.ts';
import type { Clock } from './lib/clock.ts';
import { errorLogOptions } from './lib/log-errors.ts';
import { sharedBatchedStdout } from './lib/log-stream.ts';
import type { Mailer } from './lib/mailer.ts';
import type { SmsSender } from './lib/sms.ts';
import { runMonthClose } from './modules/billing/month-close.jobs.ts';
import { runFhirBulkExports } from './modules/fhir/fhir-bulk.jobs.ts';
import { modules } from './modules/index.ts';
import { runReminders } from './modules/reminders/reminders.jobs.ts';
import { runTaskRules } from './modules/tasks/tasks.jobs.ts';
import { startVisitSweep } from './modules/visits/visit-sweep.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerBodyParsers } from './plugins/body-parsers.ts';
import { core } from './plugins/core.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { httpPolicies } from './plugins/http-policies.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { videoHostPlugin } from './plugins/video-host.ts';
import { registerWebApp } from './plugins/web-app.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type BuildAppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
  logger?: boolean;
  /** Where log lines are written instead of standard output (tests read them). */
  logStream?: { write: (line: string) => void };
  /** Called with every unexpected error answered with a 5xx (error reporting). */
  onServerError?: (err: Error) => void;
  /** Runs the background jobs (the month close) on this app: the server does; tests only where they need them. */
  jobs?: boolean | JobsOptions;
};

/**
 * The whole HTTP app as a value: the cross-cutting plugins, the core every module stands on, the video host, and
 * the modules of `modules/index.ts`, each wiring its own services and routes (decision 1320).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, clock, mailer, sms } = options;
  const app = Fastify({
    // Errors are logged by class, code and names, never by the values they carry (decision 0505).
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, stream: options.logStream ?? sharedBatchedStdout(), ...errorLogOptions },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Raw URLs can carry PHI (search terms, names); requests are logged by route pattern instead (http-policies.ts).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { onServerError: options.onServerError });
  registerBodyParsers(app);

  // Any server sends jobs (a request may ask for one); it works them only when asked to run the jobs.
  const jobs = createJobs({
    database,
    log: app.log,
    options: typeof options.jobs === 'object' ? options.jobs : {},
  });
  await app.register(core, { config, database, clock, mailer, sms, jobs });
  await app.register(httpPolicies);
  await app.register(metricsPlugin);
  await registerDocs(app);
  await app.register(authPlugin);
  await app.register(videoHostPlugin);
  for (const module of modules) await app.register(module);
  if (options.jobs) {
    let stopSweep = () => {};
    app.addHook('onReady', async () => {
      await jobs.start();
      await runMonthClose(jobs, app.monthClose);
      await runTaskRules(jobs, app.taskRules);
      await runReminders(jobs, app.reminderRunner);
      await runFhirBulkExports(jobs, app.fhirBulkExport);
      stopSweep = startVisitSweep(app.videoVisits, app.db, app.log);
    });
    app.addHook('onClose', async () => stopSweep());
    // A job running at the stop is waited for a while, then failed to run again on another server or at restart.
    app.addHook('onClose', () => jobs.stop());
  }
  await registerWebApp(app, config);
  return app;
}
