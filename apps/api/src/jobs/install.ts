import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { jobQueueSql } from './job-queue-sql.ts';
import { JOB_QUEUE_SCHEMA, jobQueues } from './queues.ts';

/** pg-boss's own queue of scheduled sends, which its scheduler would otherwise try to make at every start. */
const SCHEDULER_QUEUE = '__pgboss__send-it';

// Any constant shared by every Rehabit server: while one installs the queue, the others starting beside it wait.
const INSTALL_LOCK_KEY = 73_424_823;

/**
 * Runs `work` while holding a lock every server takes for it, on PostgreSQL. pg-boss locks its own installation too,
 * but inside the transaction that creates the schema: a server that waited there still holds the catalog as it was
 * before it waited, and fails to create the schema the other one just made. Waiting here, before pg-boss looks,
 * every statement after the wait sees the schema made by the first.
 */
async function oneServerAtATime(database: Database, work: () => Promise<void>): Promise<void> {
  if (database.kind !== 'postgres') return work();
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [INSTALL_LOCK_KEY]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [INSTALL_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/**
 * Makes or upgrades the job queue's schema and makes every queue of `queues.ts`, with the settings written there.
 * Run by the migrations as the tables' owner; safe to run at every start and from several servers at once (a queue
 * that exists is left as it is but for its settings).
 */
export function installJobQueue(database: Database): Promise<void> {
  return oneServerAtATime(database, () => install(database));
}

async function install(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: jobQueueSql(database),
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    await boss.createQueue(SCHEDULER_QUEUE);
    for (const [name, options] of Object.entries(jobQueues)) {
      await boss.createQueue(name, { name, ...options });
      await boss.updateQueue(name, { name, ...options });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
