import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { clinics } from '../src/db/schema.ts';
import { createJobs, type Jobs } from '../src/jobs/job-queue.ts';
import { createAuditLog } from '../src/lib/audit.ts';
import { createBillingFilesService } from '../src/modules/billing/billing-files.service.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { makeClinic, makeUser } from './factories.ts';
import { createTestClock, testConfig } from './helpers.ts';

/** Jobs as the tests run them: asked for often, retried at once, stopped quickly. */
const fastJobs = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, stopTimeoutMs: 1000 };

/** The rows of a raw query (both drivers answer `{ rows }`). */
export const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** Waits until `check` holds, asking every 100 ms, for at most `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Two portal servers running the jobs on one database, as two processes would on PostgreSQL (each with its own
 * pool); on PGlite, two job workers in one process. Each server's jobs start at `start()`, so the clinics are made
 * first. A third queue client sends jobs as the tests need (the hourly check, a close).
 */
export async function twoServers() {
  const test: TestDatabase = await createTestDatabase();
  const clock = createTestClock();
  const databases: Database[] = [
    test.database,
    test.url ? await openDatabase({ databaseUrl: test.url }) : test.database,
  ];
  const config = testConfig();
  const servers: FastifyInstance[] = await Promise.all(
    databases.map((database) => buildApp({ config, database, clock, logger: false, jobs: fastJobs })),
  );
  const db = test.database.db;
  const sender: Jobs = createJobs({ database: test.database, log: { error: () => {} }, options: fastJobs });

  /** A clinic with its three kinds of staff and a patient's account. */
  async function clinicWithStaff(timezone = 'America/Los_Angeles') {
    const clinic = await makeClinic(db);
    await db.update(clinics).set({ timezone }).where(eq(clinics.id, clinic.id));
    const staff = await Promise.all(
      (['therapist', 'manager', 'supervisor'] as const).map((role) => makeUser(db, clinic.id, { role })),
    );
    const patient = await makeUser(db, clinic.id, { role: 'patient' });
    return { clinic, staff, patient };
  }

  /** No month-close job waiting or running. */
  const isIdle = async () => {
    const [row] = await rowsOf<{ n: number }>(
      db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'billing-month-close%' AND state IN ('created', 'retry', 'active')`,
      ),
    );
    return row!.n === 0;
  };

  return {
    db,
    clock,
    config,
    sender,
    servers,
    /** Each server's own database handle (one pool each on PostgreSQL). */
    databases,
    clinicWithStaff,
    isIdle,
    /** Each server's own billing files service, as its jobs use it. */
    services: databases.map((database) =>
      createBillingFilesService({ db: database.db, clock, audit: createAuditLog(database.db), config }),
    ),
    start: async () => {
      await sender.start();
      await Promise.all(servers.map((server) => server.ready()));
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      await sender.stop();
      if (databases[1] !== databases[0]) await databases[1]!.close();
      await test.drop();
    },
  };
}

export type TwoServers = Awaited<ReturnType<typeof twoServers>>;
