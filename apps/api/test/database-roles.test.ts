import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { authEndpoints, pathOf, patientEndpoints } from '@rehabit/contract';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { canAlterAuditLog } from '../src/db/roles.ts';
import { auditEvents } from '../src/db/schema.ts';
import { createJobs } from '../src/jobs/job-queue.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { makeClinic, makeUser, PASSWORD } from './factories.ts';
import { bearer, createTestClock, testConfig } from './helpers.ts';
import { eventually } from './month-close-support.ts';
import { api } from './patients-support.ts';
import { type ServerProcess, spawnServer, waitReady } from './server-process.ts';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;

/** The URL of the test database as another user. */
const asUser = (url: string, user: string) => {
  const u = new URL(url);
  u.username = user;
  u.password = '';
  return u.toString();
};

/** Runs a statement and answers PostgreSQL's SQLSTATE of the refusal, or 'allowed'. */
async function attempt(database: Database, statement: string) {
  try {
    await database.db.execute(sql.raw(statement));
    return 'allowed';
  } catch (err) {
    let e = err as { code?: string; cause?: unknown };
    while (!e.code && e.cause) e = e.cause as typeof e;
    return e.code ?? String(err);
  }
}

const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
});

describe.skipIf(!serverUrl)('the application role on PostgreSQL', { timeout: 120_000 }, () => {
  const role = `rehabit_app_${randomBytes(4).toString('hex')}`;
  let owned: TestDatabase;
  let app: Database;

  beforeAll(async () => {
    owned = await createTestDatabase();
    // The CLI's set-up command, as an operator runs it with the owner's address.
    const { stdout } = await run('npx', ['tsx', 'src/cli.ts', 'setup-database', '--app-role', role], {
      env: { ...process.env, DATABASE_URL: owned.url, DATABASE_MIGRATION_URL: '', NODE_ENV: 'development' },
    });
    expect(stdout).toContain(`Role created: ${role}`);
    app = await openDatabase({ databaseUrl: asUser(owned.url!, role) });
  });

  afterAll(async () => {
    await app?.close();
    await owned?.drop();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  it('runs the portal: sign-in, a patient record written and read, each audited', async () => {
    const portal = await buildApp({
      config: testConfig({ DATABASE_URL: asUser(owned.url!, role), DATABASE_MIGRATION_URL: owned.url! }),
      database: app,
      clock: createTestClock(),
      logger: false,
    });
    try {
      // A start-up migrates as the owner and gives the role its rights again: nothing to do, nothing lost.
      await migrateDatabase(app, { DATABASE_URL: asUser(owned.url!, role), DATABASE_MIGRATION_URL: owned.url });
      const clinic = await makeClinic(app.db);
      const user = await makeUser(app.db, clinic.id);
      const signin = await portal.inject({
        method: 'POST',
        url: authEndpoints.signin.path,
        payload: { email: user.email, password: PASSWORD },
      });
      const token = signin.json().token as string;
      const created = await api(portal).register(token);
      const read = await portal.inject({
        url: pathOf(patientEndpoints.detail, { id: created.id }),
        headers: bearer(token),
      });
      expect(read.statusCode).toBe(200);
      const [events] = await app.db.select({ n: count() }).from(auditEvents);
      expect(events!.n).toBeGreaterThanOrEqual(3);
    } finally {
      await portal.close();
    }
  });

  it('cannot change, empty, drop or switch off the audit log', async () => {
    const [before] = await app.db.select({ n: count() }).from(auditEvents);
    const insufficientPrivilege = '42501';
    for (const statement of [
      'UPDATE audit_events SET action = action',
      'DELETE FROM audit_events',
      'TRUNCATE audit_events',
      'ALTER TABLE audit_events DISABLE TRIGGER ALL',
      'DROP TRIGGER audit_events_append_only ON audit_events',
      'DROP TABLE audit_events',
      'SET session_replication_role = replica',
      'CREATE TABLE shadow (id int)',
    ]) {
      expect([statement, await attempt(app, statement)]).toEqual([statement, insufficientPrivilege]);
    }
    const [after] = await app.db.select({ n: count() }).from(auditEvents);
    expect(after!.n).toBe(before!.n);
    expect(await canAlterAuditLog(app.db)).toEqual({ role, canAlter: false });
    // The owner could: that is why the server does not run as the owner in production.
    expect((await canAlterAuditLog(owned.database.db)).canAlter).toBe(true);
  });

  it('cannot date an audit row: the database stamps its own time on it (decision 1266)', async () => {
    const [row] = await app.db
      .insert(auditEvents)
      .values({ at: new Date('2001-01-01T00:00:00Z'), action: 'auth.signin', outcome: 'failure' })
      .returning({ at: auditEvents.at });
    expect(Math.abs(row!.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("runs the job queue: sends, works and schedules jobs, but makes no table in the queue's schema", async () => {
    const jobs = createJobs({ database: app, log: { error: () => {} }, options: { pollingIntervalSeconds: 0.5 } });
    await jobs.start();
    try {
      const ran: string[] = [];
      await jobs.work('billing-month-close', async ({ month }) => {
        ran.push(month);
      });
      await jobs.schedule('billing-month-close-due', '5 * * * *', {});
      expect(await jobs.send('billing-month-close', { clinicId: 1, month: '2026-02' })).toEqual(expect.any(String));
      await eventually(async () => ran.length === 1);
    } finally {
      await jobs.stop();
    }
    expect(await attempt(app, 'CREATE TABLE pgboss.shadow (id int)')).toBe('42501');
  });

  it('in production, refuses to run as a role that could change the audit log, and runs as the application role', async () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.org',
      APP_SECRET: 'a-production-secret-of-forty-characters-x',
      VIDEO_SIGNING_SECRET: 'another-production-secret-of-forty-chars',
      LOG_LEVEL: 'warn',
    };
    const asOwner = await spawnServer({ ...production, DATABASE_URL: owned.url! });
    servers.push(asOwner);
    expect(await asOwner.exited).toBe(1);
    expect(asOwner.output()).toMatch(/DATABASE_URL: the role \w+ can change or empty the audit log/);

    const asApp = await spawnServer({
      ...production,
      DATABASE_URL: asUser(owned.url!, role),
      DATABASE_MIGRATION_URL: owned.url!,
    });
    servers.push(asApp);
    await waitReady(asApp);
    asApp.child.kill('SIGTERM');
    expect(await asApp.exited).toBe(0);
  });
});
