/**
 * The job queue across nodes (decisions 1276 and 1455): each job sent runs on one node, once; a node killed in the
 * middle of a job leaves it to run again, once, on the node left. The month close is the job: it closes one clinic's
 * month and files its billing file.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../src/jobs/job-queue.ts';
import { monthAfter } from '../../src/modules/billing/month-close.ts';
import { makeClinic } from '../../test/factories.ts';
import type { TestCluster } from './support.ts';

type JobRow = { id: string; state: string; retry_count: number };

const lastMonth = () => monthAfter(new Date().toISOString().slice(0, 7), -1);

export function jobCases(t: () => TestCluster) {
  let jobs: Jobs;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t().database.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    // Sent as the nodes send theirs (JOB_RETRY_DELAY_SECONDS=0): a job failed with its node runs again at once.
    jobs = createJobs({ database: t().database.database, log: { error: () => {} }, options: { retryDelaySeconds: 0 } });
    await jobs.start();
  });
  afterAll(() => jobs?.stop());

  /** Sends a clinic's close of last month, as the hourly check would, and answers its id. */
  async function sendClose(clinicId: number) {
    const month = lastMonth();
    const id = await jobs.send('billing-month-close', { clinicId, month }, { singletonKey: `${clinicId}:${month}` });
    expect(id).toBeTruthy();
    return id!;
  }

  /** Until every job has ended (completed or failed for good): the queue's own record, read every 100 ms. */
  async function ended(ids: string[], ms = 30_000): Promise<JobRow[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = await rows<JobRow>(
        sql`SELECT id::text, state, retry_count FROM pgboss.job WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      if (found.length === ids.length && found.every((job) => ['completed', 'failed'].includes(job.state)))
        return found;
      if (Date.now() > deadline) throw new Error(`jobs not ended within ${ms} ms: ${JSON.stringify(found)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The clinics' closed months and billing files of last month, each clinic's counted. */
  async function closes(clinicIds: number[]) {
    const month = lastMonth();
    const ids = sql.join(
      clinicIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return rows<{ clinic_id: number; closes: number; files: number }>(
      sql`SELECT c.id AS clinic_id,
          (SELECT count(*)::int FROM billing_month_closes m WHERE m.clinic_id = c.id AND m.month = ${month}) AS closes,
          (SELECT count(*)::int FROM billing_files f WHERE f.clinic_id = c.id AND f.month = ${month}) AS files
        FROM clinics c WHERE c.id IN (${ids}) ORDER BY c.id`,
    );
  }

  it('runs each job once, on one of the nodes', async () => {
    const { db } = t().database.database;
    const clinics = (await Promise.all(Array.from({ length: 6 }, () => makeClinic(db)))).sort((a, b) => a.id - b.id);
    const ids = await Promise.all(clinics.map((clinic) => sendClose(clinic.id)));

    const done = await ended(ids);
    expect(done.map((job) => [job.state, job.retry_count])).toEqual(ids.map(() => ['completed', 0]));
    expect(await closes(clinics.map((c) => c.id))).toEqual(
      clinics.map((c) => ({ clinic_id: c.id, closes: 1, files: 1 })),
    );
  });

  it('runs a job again, once, on the other node when its node is killed in the middle of it', async () => {
    const { cluster, database } = t();
    const clinic = await makeClinic(database.database.db);
    // The test holds the closed months' table against writes: the close that takes the job waits inside its
    // transaction, in the middle of the job, on a connection that names its node.
    const blocker = new pg.Client({ connectionString: database.url! });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE billing_month_closes IN SHARE MODE');
      const id = await sendClose(clinic.id);
      let runner = '';
      const deadline = Date.now() + 20_000;
      while (!runner) {
        // The node whose connection waits for the table (by the name its connections carry).
        const { rows: waiting } = await blocker.query<{ application_name: string }>(
          `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid)
           WHERE l.relation = 'billing_month_closes'::regclass AND NOT l.granted AND a.application_name LIKE 'rehabit-node%'`,
        );
        runner = waiting[0]?.application_name.replace('rehabit-', '') ?? '';
        if (!runner && Date.now() > deadline) throw new Error('no node took the job');
        if (!runner) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cluster.kill(runner);
      await blocker.query('ROLLBACK');

      const [job] = await ended([id]);
      expect(job, 'the job ran again once after its node died').toMatchObject({ state: 'completed', retry_count: 1 });
      expect(await closes([clinic.id])).toEqual([{ clinic_id: clinic.id, closes: 1, files: 1 }]);
    } finally {
      await blocker.end();
    }
  });
}
