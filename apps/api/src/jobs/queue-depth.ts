import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { JOB_QUEUE_SCHEMA } from './queues.ts';

/**
 * Each queue's jobs due now and not taken (new, or failed and due again), and how long the oldest of them has waited
 * in seconds, for the metrics (decision 1460). A job scheduled for later is not waiting yet.
 */
export async function queueDepths(db: Db): Promise<{ queue: string; waiting: number; oldestSeconds: number }[]> {
  const result = (await db.execute(
    sql.raw(`select name as queue, count(*)::int as waiting,
        extract(epoch from now() - min(created_on))::float8 as oldest_seconds
      from ${JOB_QUEUE_SCHEMA}.job
      where state in ('created', 'retry') and start_after <= now() group by name`),
  )) as unknown as { rows: { queue: string; waiting: number; oldest_seconds: number }[] };
  return result.rows.map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    oldestSeconds: Math.max(0, Number(row.oldest_seconds)),
  }));
}
