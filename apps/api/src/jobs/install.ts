import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { jobQueueSql } from './job-queue-sql.ts';
import { JOB_QUEUE_SCHEMA, jobQueues } from './queues.ts';

/** pg-boss's own queue of scheduled sends, which its scheduler would otherwise try to make at every start. */
const SCHEDULER_QUEUE = '__pgboss__send-it';

/**
 * Makes or upgrades the job queue's schema and makes every queue of `queues.ts`, with the settings written there.
 * Run by the migrations as the tables' owner; safe to run at every start and from several servers at once (pg-boss
 * takes its own lock, and a queue that exists is left as it is but for its settings).
 */
export async function installJobQueue(database: Database): Promise<void> {
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
