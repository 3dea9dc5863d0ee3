import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { safeError } from '../lib/log-errors.ts';
import { jobQueueSql } from './job-queue-sql.ts';
import { keepJobReportsFromEndingTheServer } from './job-reports.ts';
import {
  JOB_LEASE_SECONDS,
  JOB_QUEUE_SCHEMA,
  type JobData,
  jobQueues,
  LEASE_CHECK_INTERVAL_SECONDS,
  type QueueName,
} from './queues.ts';

export type JobsOptions = {
  /** How often an idle worker asks for a job; pg-boss's 2 s by default. */
  pollingIntervalSeconds?: number;
  /** Seconds before a failed job runs again, every time, in place of its queue's delay and back-off (tests). */
  retryDelaySeconds?: number;
  /** How long a stop waits for running jobs before it fails them for a retry elsewhere. */
  stopTimeoutMs?: number;
  /** Seconds a running job's lease lasts unrenewed: `JOB_LEASE_SECONDS` by default (tests shorten it). */
  leaseSeconds?: number;
  /** How often lapsed leases are looked for: `LEASE_CHECK_INTERVAL_SECONDS` by default (tests shorten it). */
  leaseCheckIntervalSeconds?: number;
};

/** The job settings a server's configuration chooses (JOB_LEASE_SECONDS, JOB_RETRY_DELAY_SECONDS). */
export const jobsOptionsOf = (config: Pick<Config, 'JOB_LEASE_SECONDS' | 'JOB_RETRY_DELAY_SECONDS'>): JobsOptions => ({
  leaseSeconds: config.JOB_LEASE_SECONDS,
  leaseCheckIntervalSeconds: Math.max(
    1,
    Math.min(LEASE_CHECK_INTERVAL_SECONDS, Math.floor(config.JOB_LEASE_SECONDS / 3)),
  ),
  retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
});

type SendOptions = {
  /** Jobs of one key are one job as far as the queue's policy goes (one waiting, one running…). */
  singletonKey?: string;
  /** At most one job of the key in each slot of this many seconds, whatever became of the last one. */
  singletonSeconds?: number;
};

/** Where job failures are told: the app's logger, whose serializer keeps values out (decision 0505). */
export type JobLog = { error: (fields: Record<string, unknown>, message: string) => void };

export type JobHandler<Q extends QueueName> = (data: JobData[Q]) => Promise<void>;

/**
 * A job that failed, as the queue keeps it: pg-boss stores a failed job's error in its row, so it holds only what
 * a log line may hold (decision 0505): class, codes, names and a message without values.
 */
class JobFailed extends Error {
  override name = 'JobFailed';
  constructor(err: unknown) {
    const safe = safeError(err);
    super(`${safe.type}${safe.code ? ` ${safe.code}` : ''}: ${safe.message}`);
    this.stack = `${this.name}: ${this.message}\n${safe.stack}`;
  }
}

/**
 * A running job's lease, renewed by the server running it (decision 1276): its deadline becomes "now plus a lease",
 * never past the queue's longest run ($4 seconds from its start), so a handler that hangs is still failed then.
 * pg-boss 10 has no heart-beat of its own; its expiry (started_on + expire_in, checked by its maintenance) is the one
 * it keeps, so the lease moves expire_in. A job whose server died stops being renewed and is failed for a retry.
 */
const renewLeaseSql = `UPDATE ${JOB_QUEUE_SCHEMA}.job
  SET expire_in = make_interval(secs => LEAST(EXTRACT(EPOCH FROM now() - started_on) + $3::float8, $4::float8))
  WHERE name = $1 AND id = $2::uuid AND state = 'active'`;

/**
 * The portal's durable jobs: pg-boss 10 on the portal's own database, PostgreSQL or PGlite alike (decision 0801).
 * A job sent is stored before `send` answers, runs once on one of the servers, and runs again later when it fails
 * (or when its server stops in the middle). Queues and their settings are in `queues.ts`.
 */
export function createJobs({
  database,
  log,
  options = {},
}: {
  database: Database;
  log: JobLog;
  options?: JobsOptions;
}) {
  keepJobReportsFromEndingTheServer();
  const sql = jobQueueSql(database);
  const leaseSeconds = options.leaseSeconds ?? JOB_LEASE_SECONDS;
  const boss = new PgBoss({
    db: sql,
    // Lapsed leases are found by pg-boss's maintenance: one server of all runs it per interval.
    maintenanceIntervalSeconds: options.leaseCheckIntervalSeconds ?? LEASE_CHECK_INTERVAL_SECONDS,
    schema: JOB_QUEUE_SCHEMA,
    // The migrations made the schema as its owner; the application's role only checks that it is there.
    migrate: false,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const retry =
    options.retryDelaySeconds === undefined ? {} : { retryDelay: options.retryDelaySeconds, retryBackoff: false };

  /**
   * Takes a job's lease, then renews it every third of a lease until the answer stops it. A server killed between
   * taking the job and its lease (a few milliseconds) leaves the job to the queue's longest run instead.
   */
  async function holdLease(queue: QueueName, id: string): Promise<() => void> {
    const renew = () =>
      sql
        .executeSql(renewLeaseSql, [queue, id, leaseSeconds, jobQueues[queue].expireInSeconds])
        .catch((err: unknown) => log.error({ err, queue, job: id }, 'job lease not renewed; the job may run again'));
    await renew();
    const timer = setInterval(renew, (leaseSeconds * 1000) / 3);
    return () => clearInterval(timer);
  }

  return {
    start: async () => {
      await boss.start();
    },
    /** Stops asking for jobs and waits for the running ones; those still running at the timeout run again later. */
    stop: () => boss.stop({ graceful: true, close: false, timeout: options.stopTimeoutMs ?? 8000 }),
    /** Stores a job; answers its id, or null when the queue's policy dropped it as a repeat. */
    send: <Q extends QueueName>(queue: Q, data: JobData[Q], sendOptions: SendOptions = {}) =>
      boss.send(queue, data, { ...sendOptions, ...retry }),
    /** Sends a job on a cron schedule (in UTC), once per tick whatever the number of servers. */
    schedule: <Q extends QueueName>(queue: Q, cron: string, data: JobData[Q]) =>
      boss.schedule(queue, cron, data, { tz: 'UTC', ...retry }),
    /**
     * Runs this server's share of a queue's jobs, one at a time, holding each job's lease while it runs; a handler
     * that throws fails the job for a retry.
     */
    work: async <Q extends QueueName>(queue: Q, handler: JobHandler<Q>) => {
      await boss.work<JobData[Q]>(
        queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          const release = await holdLease(queue, job!.id);
          try {
            await handler(job!.data);
          } catch (err) {
            log.error({ err, queue, job: job!.id }, 'job failed; the queue runs it again later');
            throw new JobFailed(err);
          } finally {
            release();
          }
        },
      );
    },
    /** Where a queue's job stands: for tests and operators. */
    jobById: (queue: QueueName, id: string) => boss.getJobById(queue, id),
  };
}

export type Jobs = ReturnType<typeof createJobs>;
