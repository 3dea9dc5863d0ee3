import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { openDatabase } from '../db/client.ts';
import { createJobs, type Jobs } from './job-queue.ts';
import { keepJobReportsFromEndingTheServer } from './job-reports.ts';
import { JOB_LEASE_SECONDS, jobQueues, LEASE_CHECK_INTERVAL_SECONDS } from './queues.ts';

/** Waits until `check` holds, asking every 50 ms, for at most `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const silent = { error: () => {} };
const fast = {
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 0,
  stopTimeoutMs: 1000,
  leaseSeconds: 2,
  leaseCheckIntervalSeconds: 1,
};

describe('the job queue on the test database', () => {
  let test: TestDatabase;
  const running: Jobs[] = [];
  const closing: (() => Promise<void>)[] = [];

  /** A queue client on its own connection to the test database, as another server would have. */
  async function anotherServer() {
    const database = test.url ? await openDatabase({ databaseUrl: test.url }) : test.database;
    if (test.url) closing.push(() => database.close());
    const jobs = createJobs({ database, log: silent, options: fast });
    await jobs.start();
    running.push(jobs);
    return jobs;
  }

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
    await Promise.all(closing.splice(0).map((close) => close()));
  });
  afterAll(() => test.drop());

  it('runs a job sent once, on one of two servers, however many times its key is sent while it waits', async () => {
    const [one, two] = [await anotherServer(), await anotherServer()];
    const ran: string[] = [];
    const close = { clinicId: 1, month: '2026-02' };
    const id = await one.send('billing-month-close', close, { singletonKey: '1:2026-02' });
    const again = await two.send('billing-month-close', close, { singletonKey: '1:2026-02' });
    expect(id).toEqual(expect.any(String));
    expect(again).toBeNull();
    for (const [name, jobs] of [
      ['one', one],
      ['two', two],
    ] as const) {
      await jobs.work('billing-month-close', async ({ month }) => {
        ran.push(`${name} ${month}`);
      });
    }
    await eventually(async () => (await one.jobById('billing-month-close', id!))?.state === 'completed');
    expect(ran).toHaveLength(1);
  });

  it('runs a failed job again until it succeeds', async () => {
    const jobs = await anotherServer();
    let attempts = 0;
    await jobs.work('billing-month-close', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the database was away');
    });
    const id = await jobs.send('billing-month-close', { clinicId: 2, month: '2026-02' });
    await eventually(async () => (await jobs.jobById('billing-month-close', id!))?.state === 'completed');
    expect(attempts).toBe(2);
    expect((await jobs.jobById('billing-month-close', id!))?.retryCount).toBe(1);
  });

  it('runs a job longer than its lease once: the lease is renewed while it runs', async () => {
    const jobs = await anotherServer();
    let runs = 0;
    await jobs.work('billing-month-close', async () => {
      runs += 1;
      // Three leases long: unrenewed, the lease would lapse and the job run again beside itself.
      await new Promise((resolve) => setTimeout(resolve, 3 * fast.leaseSeconds * 1000));
    });
    const id = await jobs.send('billing-month-close', { clinicId: 4, month: '2026-02' });
    await eventually(async () => (await jobs.jobById('billing-month-close', id!))?.state === 'completed');
    expect(runs).toBe(1);
    expect((await jobs.jobById('billing-month-close', id!))?.retryCount).toBe(0);
  });

  it('fails a job that hangs past its queue’s longest run although its lease is renewed, for a retry', async () => {
    const [hung, other] = [await anotherServer(), await anotherServer()];
    let runs = 0;
    const hangOnce = async () => {
      runs += 1;
      if (runs === 1) await new Promise(() => {});
    };
    await hung.work('billing-month-close', hangOnce);
    const id = await hung.send('billing-month-close', { clinicId: 6, month: '2026-02' });
    await eventually(() => runs === 1);
    // The job has run for all but a second of the 15 minutes its queue allows: the lease may not reach past them.
    const longest = jobQueues['billing-month-close'].expireInSeconds;
    await test.database.db.execute(
      sql`UPDATE pgboss.job SET started_on = now() - make_interval(secs => ${longest - 1}) WHERE id = ${id}::uuid`,
    );
    await other.work('billing-month-close', hangOnce);
    await eventually(() => runs === 2);
    expect((await other.jobById('billing-month-close', id!))?.retryCount).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs a job again within a lease and a check once the server running it was killed, once',
    async () => {
      const id = await (await anotherServer()).send('billing-month-close', { clinicId: 5, month: '2026-02' });
      const server = spawn(process.execPath, ['--import', 'tsx', 'test/job-server-process.ts', test.url!, '2'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await once(server.stdout, 'data');
      server.kill('SIGKILL');
      await once(server, 'exit');
      const killedAt = performance.now();
      const survivor = await anotherServer();
      let runs = 0;
      await survivor.work('billing-month-close', async () => {
        runs += 1;
      });
      await eventually(async () => (await survivor.jobById('billing-month-close', id!))?.state === 'completed');
      // At most a lease, two check periods and a poll, with three seconds for a busy machine (15 minutes without it).
      expect(performance.now() - killedAt).toBeLessThan(
        (fast.leaseSeconds + 2 * fast.leaseCheckIntervalSeconds + 3.5) * 1000,
      );
      expect(runs).toBe(1);
    },
  );

  it('reruns a month close whose server died within 2 minutes with the production settings', () => {
    const close = jobQueues['billing-month-close'];
    // The lease lapses, a check fails the job within two check periods (pg-boss skips a tick that comes a moment
    // early), its first retry waits up to twice its delay, a poll takes it.
    const worstSeconds = JOB_LEASE_SECONDS + 2 * LEASE_CHECK_INTERVAL_SECONDS + 2 * close.retryDelay + 2;
    expect(worstSeconds).toBeLessThanOrEqual(120);
    expect(close.expireInSeconds).toBeGreaterThan(JOB_LEASE_SECONDS);
  });

  it('keeps of a job that never succeeds only what a log may hold, no values', async () => {
    const jobs = await anotherServer();
    await jobs.work('billing-month-close', async () => {
      throw new Error('Failed query: insert into "billing_files"\nparams: Maria Lopez,1956-04-23');
    });
    const id = await jobs.send('billing-month-close', { clinicId: 3, month: '2026-02' });
    await eventually(async () => (await jobs.jobById('billing-month-close', id!))?.state === 'failed');
    const job = await jobs.jobById('billing-month-close', id!);
    expect(JSON.stringify(job?.output)).toContain('Failed query: insert into');
    expect(JSON.stringify(job)).not.toContain('Maria');
  });
});

describe('a job’s end recorded as the database goes', () => {
  it('leaves no rejection unhandled when nobody waits for the record, and tells a caller who waits', async () => {
    keepJobReportsFromEndingTheServer();
    const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
      prototype: { complete: (name: string, id: string) => Promise<unknown> };
    };
    const manager = Object.assign(Object.create(Manager.prototype), {
      db: { executeSql: () => Promise.reject(new Error('connect ECONNRESET')) },
    }) as { complete: (name: string, id: string) => Promise<unknown> };
    // pg-boss's worker records a job's end this way, without waiting: an unhandled rejection would fail this run.
    const record = manager.complete('billing-month-close', '6b1f0a52-3c1e-4d7a-9f7b-2f1f3f7a1c11');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(record).rejects.toThrow('ECONNRESET');
  });
});
