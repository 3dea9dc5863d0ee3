import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createJobs, type JobsOptions } from './jobs/job-queue.ts';
import { createAuditLog } from './lib/audit.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { failureLevel } from './lib/database-unavailable.ts';
import { AppError } from './lib/errors.ts';
import { errorLogOptions } from './lib/log-errors.ts';
import { sharedBatchedStdout } from './lib/log-stream.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { connectRedis } from './lib/redis.ts';
import { createSmsSender, type SmsSender } from './lib/sms.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAnnouncementsService } from './modules/admin/announcements.service.ts';
import { auditLogRoutes } from './modules/admin/audit-log.routes.ts';
import { createAuditLogService } from './modules/admin/audit-log.service.ts';
import { platformRoutes } from './modules/admin/platform.routes.ts';
import { createPlatformClinicsService } from './modules/admin/platform-clinics.service.ts';
import { createSupportAccountService } from './modules/admin/support-account.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { balancesRoutes } from './modules/balances/balances.routes.ts';
import { createBalancesService } from './modules/balances/balances.service.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { createBannersService } from './modules/banners/banners.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { billingFilesRoutes } from './modules/billing/billing-files.routes.ts';
import { createBillingFilesService } from './modules/billing/billing-files.service.ts';
import { billingSettingsRoutes } from './modules/billing/billing-settings.routes.ts';
import { createBillingSettingsService } from './modules/billing/billing-settings.service.ts';
import { billingSignOffRoutes } from './modules/billing/billing-sign-off.routes.ts';
import { createBillingSignOffService } from './modules/billing/billing-sign-off.service.ts';
import { runMonthClose } from './modules/billing/month-close.jobs.ts';
import { rtmStatusRoutes } from './modules/billing/rtm-status.routes.ts';
import { createRtmStatusService } from './modules/billing/rtm-status.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { clinicSettingsRoutes } from './modules/clinics/clinic-settings.routes.ts';
import { createClinicSettingsService } from './modules/clinics/clinic-settings.service.ts';
import { clinicsRoutes } from './modules/clinics/clinics.routes.ts';
import { createClinicsService } from './modules/clinics/clinics.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { hepRoutes } from './modules/hep/hep.routes.ts';
import { createHepService } from './modules/hep/hep.service.ts';
import { patientProgramRoutes } from './modules/hep/patient-program.routes.ts';
import { createPatientProgramService } from './modules/hep/patient-program.service.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { createMonitoringService } from './modules/monitoring/monitoring.service.ts';
import { createPatientMonitoring } from './modules/monitoring/patient-changes.ts';
import { patientAppRoutes } from './modules/patient-app/patient-app.routes.ts';
import { createPatientAppService } from './modules/patient-app/patient-app.service.ts';
import { createPatientSigninService } from './modules/patient-app/patient-signin.service.ts';
import { patientDataRoutes } from './modules/patient-data/patient-data.routes.ts';
import { createPatientDataService } from './modules/patient-data/patient-data.service.ts';
import { patientsRoutes } from './modules/patients/patients.routes.ts';
import { createPatientsService } from './modules/patients/patients.service.ts';
import { createRegistrationService } from './modules/patients/registration.service.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { createReferralService } from './modules/referral/referral.service.ts';
import { supervisorRoutes } from './modules/supervisor/supervisor.routes.ts';
import { createSupervisorService } from './modules/supervisor/supervisor.service.ts';
import { createTaskRules } from './modules/tasks/task-rules.ts';
import { runTaskRules } from './modules/tasks/tasks.jobs.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { createTasksService } from './modules/tasks/tasks.service.ts';
import { createFoldersService } from './modules/videos/folders.service.ts';
import { createHepRequestsService } from './modules/videos/hep-requests.service.ts';
import { videosRoutes } from './modules/videos/videos.routes.ts';
import { createVideoCatalog, createVideosService } from './modules/videos/videos.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerBodyParsers } from './plugins/body-parsers.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { contentSecurityPolicy } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { attachRealtime } from './realtime/socket-server.ts';
import { createVideoHost } from './video-host/host.ts';
import { playbackRoutes } from './video-host/playback.routes.ts';
import { videoStorageFromConfig } from './video-host/storage.ts';
import { tusRoutes } from './video-host/tus.routes.ts';

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

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // Errors are logged by class, code and names, never by the values they carry (decision 0505).
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, stream: options.logStream ?? sharedBatchedStdout(), ...errorLogOptions },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Raw URLs can carry PHI (search terms, names); requests are logged by route pattern below instead.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { onServerError: options.onServerError });
  registerBodyParsers(app);

  const db = database.db;
  const clock = options.clock ?? systemClock;
  const mailer =
    options.mailer ?? createMailer({ db, clock, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const audit = createAuditLog(db);
  // The task rules run inside the changes of other modules (a call logged, a sign-up), which receive them here.
  const taskRules = createTaskRules({ db, clock, audit });
  // Likewise the referral program's steps, inside a sign-up and an approval.
  const referral = createReferralService({ db, clock, mailer, audit, config });
  const auth = createAuthService({ db, clock, mailer, audit, config, tasks: taskRules, referrals: referral.steps });
  const supervisor = createSupervisorService({
    db,
    clock,
    mailer,
    audit,
    config,
    tasks: taskRules,
    referrals: referral.steps,
  });
  const sms =
    options.sms ??
    createSmsSender({
      db,
      clock,
      webhookUrl: config.SMS_WEBHOOK_URL,
      webhookToken: config.SMS_WEBHOOK_TOKEN,
      log: app.log,
    });
  const rtmStatus = createRtmStatusService({ db, clock, audit });
  const tasks = createTasksService({ db, clock, audit });
  const patients = createPatientsService({
    db,
    clock,
    audit,
    rtm: rtmStatus,
    tasks: taskRules,
    // A discharge, a removal or a change of therapist ends monitoring sessions on the patient in its transaction.
    monitoring: createPatientMonitoring({ audit }),
  });
  const patientSignin = createPatientSigninService({ db, auth, audit });
  const registration = createRegistrationService({
    db,
    clock,
    sms,
    audit,
    config,
    signInByPhone: patientSignin.signInByPhone,
    tasks: taskRules,
  });
  const videoHost = createVideoHost({
    storage: videoStorageFromConfig(config),
    secret: config.VIDEO_SIGNING_SECRET,
    maxBytes: config.VIDEO_UPLOAD_MAX_BYTES,
    uploadUrl: config.VIDEO_UPLOAD_URL,
    tools: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH },
    clock,
    catalog: createVideoCatalog(db, audit),
    log: app.log,
  });
  const videos = createVideosService({ db, clock, audit, host: () => videoHost });
  const folders = createFoldersService({ db, audit, host: () => videoHost });
  // Socket.IO shares the HTTP server, which exists from the moment Fastify is created.
  const realtime = await attachRealtime(app, { auth, config });
  const deps: AppDeps = {
    config,
    database,
    db,
    clock,
    mailer,
    audit,
    auth,
    clinics: createClinicsService({ db, audit, config }),
    supervisor,
    patients,
    registration,
    sms,
    videoHost,
    videos,
    folders,
    hep: createHepService({ db, clock, audit, host: () => videoHost }),
    patientProgram: createPatientProgramService({ db, clock, audit, host: () => videoHost }),
    patientData: createPatientDataService({ db, clock, audit }),
    monitoring: createMonitoringService({ db, clock, audit }),
    billing: createBillingService({ db, clock, audit }),
    billingFiles: createBillingFilesService({ db, clock, audit, config }),
    billingSignOff: createBillingSignOffService({ db, clock, audit, config }),
    rtmStatus,
    banners: createBannersService({ db, clock, audit }),
    tasks,
    taskRules,
    dashboard: createDashboardService({ db, clock, rtm: rtmStatus, tasks }),
    rateLimits: { auth: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    realtime,
    chat: createChatService({ db, clock, audit, realtime }),
    patientSignin,
    patientApp: createPatientAppService({ db, clock, audit }),
    billingSettings: createBillingSettingsService({ db, clock, audit }),
    balances: createBalancesService({ db, clock, audit }),
    referral,
    clinicSettings: createClinicSettingsService({ db, audit, config }),
    platformClinics: createPlatformClinicsService({ db, audit, config }),
    auditLog: createAuditLogService({ db, clock, audit }),
    supportAccount: createSupportAccountService({ db, audit }),
    hepRequests: createHepRequestsService({ db, clock, audit, tasks: taskRules }),
    announcements: createAnnouncementsService({ db, clock, audit }),
  };

  // Security headers from helmet's middleware, built once (the Fastify plugin built it again for every request).
  const securityHeaders = helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy(config) } });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
    // The sign-in screens count down the wait a refusal names (decision 1295): the page must be able to read it.
    exposedHeaders: ['Retry-After'],
  });
  // Before every route: compression hooks onto the routes registered after it.
  await registerCompression(app);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    // Shared counters across servers when Redis is there; a Redis outage must not block sign-in.
    ...(redis ? { redis, skipOnError: true, nameSpace: 'rehabit-rate-limit-' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    // API answers carry PHI: never let a browser or proxy keep them. Static files set their own policy.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.decorate('audit', audit);
  await registerDocs(app);
  await app.register(authPlugin, { auth });
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(clinicsRoutes, deps);
  await app.register(supervisorRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(patientsRoutes, deps);
  await app.register(chatRoutes, deps);
  await app.register(patientAppRoutes, deps);
  await app.register(videosRoutes, deps);
  await app.register(hepRoutes, deps);
  await app.register(patientProgramRoutes, deps);
  await app.register(patientDataRoutes, deps);
  await app.register(monitoringRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(billingFilesRoutes, deps);
  await app.register(billingSignOffRoutes, deps);
  await app.register(billingSettingsRoutes, deps);
  await app.register(rtmStatusRoutes, deps);
  await app.register(bannersRoutes, deps);
  await app.register(tasksRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(balancesRoutes, deps);
  await app.register(referralRoutes, deps);
  await app.register(clinicSettingsRoutes, deps);
  await app.register(auditLogRoutes, deps);
  await app.register(platformRoutes, deps);
  await app.register(tusRoutes, { host: videoHost, corsOrigins: config.CORS_ORIGINS });
  await app.register(playbackRoutes, { host: videoHost });
  // Processing cut short by a restart runs again; closing ends the job at hand (decision 1250).
  app.addHook(
    'onReady',
    async () =>
      void videoHost
        .resumeProcessing()
        .catch((err) => app.log[failureLevel(err)]({ err }, 'video processing could not resume')),
  );
  // Hourly, unfinished uploads past their credentials' lifetime are cleared (the timer never holds the process).
  const expiry = setInterval(
    () =>
      void videoHost
        .expireStaleUploads()
        .catch((err) => app.log[failureLevel(err)]({ err }, 'stale uploads not cleared')),
    60 * 60 * 1000,
  ).unref();
  app.addHook('onClose', async () => {
    clearInterval(expiry);
    await videoHost.close();
  });
  if (options.jobs) {
    const jobs = createJobs({ database, log: app.log, options: options.jobs === true ? {} : options.jobs });
    app.addHook('onReady', async () => {
      await jobs.start();
      await runMonthClose(jobs, deps.billingFiles.monthClose);
      await runTaskRules(jobs, taskRules);
    });
    // A job running at the stop is waited for a while, then failed to run again on another server or at restart.
    app.addHook('onClose', () => jobs.stop());
  }
  if (config.isDemo) await app.register(devRoutes, deps);
  await registerWebApp(app, config);
  return app;
}
