import net from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { outbox, referrals } from '../src/db/schema.ts';
import { createTestDatabase } from './database.ts';
import { makeClinic, makeUser } from './factories.ts';
import { bearer, createTestApp, expectProblem, staffToken, type TestApp, testConfig } from './helpers.ts';
import { startSmtpSink } from './smtp-sink.ts';

/** A new staff member asks for a password reset e-mail. */
async function newUserAsksForReset(t: TestApp) {
  const clinic = await makeClinic(t.database.db);
  const user = await makeUser(t.database.db, clinic.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/clinic/therapist/reset-password',
    payload: { email: user.email },
  });
  return { user, res };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('e-mail over SMTP', () => {
  it('delivers a reset e-mail through SMTP, marks it sent, and hides the outbox page outside demo mode', async () => {
    const sink = await startSmtpSink();
    cleanups.push(sink.close);
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, DATABASE_URL: 'postgres://unused.invalid/db', DEMO: 'false' },
    });
    cleanups.push(t.close);
    const { user, res } = await newUserAsksForReset(t);
    expect(res.statusCode).toBe(202);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual([user.email]);
    expect(sink.received[0]?.raw).toContain('/reset-password?uid=');
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(row?.status).toBe('sent');
    expectProblem(await t.app.inject('/dev/outbox'), 404);
  });

  it('keeps the message as failed when the SMTP server is unreachable', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    cleanups.push(t.close);
    const { user, res } = await newUserAsksForReset(t);
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(row?.status).toBe('failed');
    expect(row?.error).toBeTruthy();
  });
});

describe('a referral invitation that cannot be e-mailed', () => {
  it('answers 502 and ends the invitation, so the address can be invited again at once', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    cleanups.push(t.close);
    const clinic = await makeClinic(t.database.db);
    const therapist = await makeUser(t.database.db, clinic.id, { role: 'therapist' });
    const token = await staffToken(t.app, therapist.email);
    const invite = () =>
      t.app.inject({
        method: 'POST',
        url: '/clinic/referral/send-email',
        headers: bearer(token),
        payload: {
          email: 'colleague@example.test',
          action_url: 'http://rehabit.test/therapist-signup',
          first_name: 'Nora',
          last_name: 'Field',
        },
      });
    expectProblem(await invite(), 502, 'delivery_failed');
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.email, 'colleague@example.test'));
    expect(row?.status).toBe('expired');
    // Not "already invited": the failed invitation holds nothing.
    expectProblem(await invite(), 502, 'delivery_failed');
  });
});

describe('a lost database', () => {
  it('answers 503 problems, not 500s, when PostgreSQL cannot be reached', async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://rehabit@127.0.0.1:1/rehabit' });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    expectProblem(await app.inject('/ready'), 503, 'database_unavailable');
    const signin = await app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: 'a@example.test', password: 'whatever-123' },
    });
    expectProblem(signin, 503, 'database_unavailable');
    expect((await app.inject('/health')).statusCode).toBe(200);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('recovers by itself when the database comes back', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const target = new URL(url!);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const viaProxy = new URL(url!);
    viaProxy.port = String(port);
    viaProxy.hostname = '127.0.0.1';
    const database = await openDatabase({ databaseUrl: viaProxy.toString(), onPoolError: () => {} });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });

    expect((await app.inject('/ready')).statusCode).toBe(200);
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
    expectProblem(await app.inject('/ready'), 503, 'database_unavailable');
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          proxy.close(() => resolve());
          for (const s of sockets) s.destroy();
        }),
    );
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await app.inject('/ready')).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});

describe('migrations', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('run safely from two servers starting at once', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `rehabit_test_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const [first, second] = await Promise.all([
      openDatabase({ databaseUrl: url.toString() }),
      openDatabase({ databaseUrl: url.toString() }),
    ]);
    try {
      await Promise.all([runMigrations(first), runMigrations(second)]);
      const { rows } = await first.pool!.query("select count(*)::int as n from pg_tables where tablename = 'users'");
      expect(rows[0].n).toBe(1);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
