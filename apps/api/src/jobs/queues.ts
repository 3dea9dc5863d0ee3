/** The PostgreSQL schema of the job queue's tables, beside the portal's own in `public`. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * How long a running job's lease lasts without renewal (decision 1276). The server running a job renews it every
 * third of this; when that server dies, the lease lapses and the job is failed for a retry on another.
 */
export const JOB_LEASE_SECONDS = 45;
/**
 * How often lapsed leases are looked for (pg-boss's maintenance, 2 minutes by default). pg-boss runs it when more than
 * this has passed since the last run, asked on a timer of the same period, so a run comes every one to two periods.
 */
export const LEASE_CHECK_INTERVAL_SECONDS = 15;

/**
 * Every queue of the portal, with its data and its policy. The queues are made by the migrations, as the tables'
 * owner (decision 0506): pg-boss keeps each queue in a table of its own, which the application's role may not
 * create. A new queue is a new line here; the next start's migration makes it.
 */
export const jobQueues = {
  /** Hourly: which clinics have a month that ended and is not closed yet; sends one close per clinic and month. */
  'billing-month-close-due': {
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 15 * 60,
  },
  /** Closes one clinic's month: makes, stores and announces its billing file (decision 0801). */
  'billing-month-close': {
    // At most one waiting and one running per clinic and month: a close sent again while one waits is dropped.
    policy: 'stately',
    retryLimit: 5,
    // 15–30 s before the first retry: a close whose server died runs again within 2 minutes (decision 1276).
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  /** Every 15 minutes and at start: sends one evaluation of the task rules per clinic (decision 0902). */
  'tasks-rules-due': {
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
  },
  /** Evaluates one clinic's task rules: opens the tasks due, closes those whose cause went away. */
  'tasks-rules': {
    // At most one waiting and one running per clinic: a check sent while one waits is dropped.
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  },
  /** Every minute and at start: sends each exercise reminder due, once (decision 1350). */
  'reminders-due': {
    policy: 'singleton',
    retryLimit: 1,
    retryDelay: 30,
    retryBackoff: false,
    expireInSeconds: 5 * 60,
  },
  /** Makes one clinic month's FHIR bulk export (decision 1440), from the start at every run. */
  'fhir-bulk-export': {
    // At most one waiting and one running per export: the same export sent again while it waits is dropped.
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
} as const satisfies Record<string, QueueOptions>;

type QueueOptions = {
  policy: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit: number;
  /** Seconds before the first retry; doubled at each further one with `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /**
   * The longest a job may run, even with its lease renewed: one running longer is failed (and retried) as hung. A
   * server that died is found sooner, by its lapsed lease.
   */
  expireInSeconds: number;
};

/** What each queue's jobs carry. */
export type JobData = {
  'billing-month-close-due': Record<string, never>;
  'billing-month-close': { clinicId: number; month: string };
  'tasks-rules-due': Record<string, never>;
  'tasks-rules': { clinicId: number };
  'reminders-due': Record<string, never>;
  'fhir-bulk-export': { exportId: number; clinicId: number };
};

export type QueueName = keyof typeof jobQueues;
