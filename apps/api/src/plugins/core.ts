import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Jobs } from '../jobs/job-queue.ts';
import { type AuditLog, createAuditLog } from '../lib/audit.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { createSmsSender, type SmsSender } from '../lib/sms.ts';
import { createSessionsService, type SessionsService } from '../modules/auth/sessions.service.ts';
import { shareSessionRevocations } from '../modules/auth/shared-revocations.ts';
import { attachRealtime } from '../realtime/socket-server.ts';

export type RateLimitRule = { max: number; timeWindow: string };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    sms: SmsSender;
    /** The audit log: for the services, and for the route layer's rows of reads and its check of changes. */
    audit: AuditLog;
    /** Sessions: a bearer token's caller for every request and socket, and the sign-ins' new sessions. */
    sessions: SessionsService;
    /** The limit of the public calls a guesser would repeat: sign-in, sign-up, reset, codes. */
    rateLimits: { auth: RateLimitRule };
    /** The job queue, for a service that sends a job; this server works its jobs only when the app runs them. */
    jobs: Pick<Jobs, 'send'>;
  }
}

/**
 * What a service that e-mails staff links into this portal takes from the core: the database, the clock, the mailer,
 * the audit log, and the portal's address and the restricted clinic's code from the configuration.
 */
export type MailingCore = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  audit: AuditLog;
  config: Pick<Config, 'PUBLIC_URL' | 'RESTRICTED_CLINIC_CODE'>;
};

type CoreOptions = {
  config: Config;
  database: Database;
  jobs: Jobs;
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
};

/**
 * What every module stands on, made once: the configuration, the database, the clock, e-mail and text messages
 * (through the outbox), the audit log, the sessions, the job queue's sending, and the Socket.IO server (`realtime`, on the HTTP server that
 * exists from the moment Fastify is created). Tests pass their own clock, mailer and text sender.
 */
export const core = fp(
  async (app: FastifyInstance, options: CoreOptions) => {
    const { config, database } = options;
    const db = database.db;
    const clock = options.clock ?? systemClock;
    const log = app.log;
    const audit = createAuditLog(db);
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', db);
    app.decorate('clock', clock);
    app.decorate(
      'mailer',
      options.mailer ?? createMailer({ db, clock, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    );
    app.decorate(
      'sms',
      options.sms ??
        createSmsSender({
          db,
          clock,
          webhookUrl: config.SMS_WEBHOOK_URL,
          webhookToken: config.SMS_WEBHOOK_TOKEN,
          log,
        }),
    );
    app.decorate('audit', audit);
    app.decorate('sessions', createSessionsService({ db, clock, audit, config }));
    if (config.REDIS_URL) shareSessionRevocations(app, config.REDIS_URL, config.REDIS_KEY_PREFIX);
    app.decorate('rateLimits', { auth: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } });
    app.decorate('jobs', { send: options.jobs.send });
    // Decorates `realtime` itself.
    await attachRealtime(app, { sessions: app.sessions, config });
  },
  { name: 'core' },
);
