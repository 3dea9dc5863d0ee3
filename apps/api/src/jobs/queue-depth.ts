import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { JOB_QUEUE_SCHEMA } from './queues.ts';

/** How many jobs of each queue wait to run (new, or failed and due again), for the metrics (decision 1460). */
export async function queueDepths(db: Db): Promise<{ queue: string; waiting: number }[]> {
  const result = (await db.execute(
    sql.raw(`select name as queue, count(*)::int as waiting from ${JOB_QUEUE_SCHEMA}.job
      where state in ('created', 'retry') group by name`),
  )) as unknown as { rows: { queue: string; waiting: number }[] };
  return result.rows.map((row) => ({ queue: row.queue, waiting: Number(row.waiting) }));
}
