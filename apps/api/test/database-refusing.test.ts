/**
 * A database that is up but refuses new connections is unavailable, like one that cannot be reached: a database
 * closed to connections (`ALLOW_CONNECTIONS false`, SQLSTATE 55000) and a full one (its connection limit reached,
 * 53300, what `max_connections` looks like) answer 503 problems with `Retry-After` on every route, `/ready` says
 * not ready, and nothing is logged at error level (decision 1260).
 *
 * Needs PostgreSQL (TEST_DATABASE_URL): the embedded database has no connections to refuse. The mapping itself is
 * tested everywhere by `src/lib/database-unavailable.test.ts`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { expectProblem, testConfig } from './helpers.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Pino's number for the error level: an error-level line means "a bug to look at". */
const ERROR_LEVEL = 50;

const title = 'a database refusing new connections';
describe.skipIf(!serverUrl)(
  serverUrl ? title : `${title} (skipped: needs TEST_DATABASE_URL, a PostgreSQL server that can refuse connections)`,
  () => {
    // Superusers are exempt from connection limits: the app connects as an ordinary role, as in production.
    const role = `rehabit_refused_${randomBytes(4).toString('hex')}`;
    let owned: TestDatabase;
    let name: string;
    let admin: pg.Client;
    const opened: { app: FastifyInstance; database: Database }[] = [];

    beforeAll(async () => {
      owned = await createTestDatabase();
      // No connection of its own may stay open: ALLOW_CONNECTIONS and CONNECTION LIMIT only refuse new ones.
      await owned.database.close();
      name = new URL(owned.url!).pathname.slice(1);
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE ROLE ${role} LOGIN`);
    });

    afterEach(async () => {
      for (const { app, database } of opened.splice(0)) {
        await app.close();
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true CONNECTION LIMIT -1`);
    });

    afterAll(async () => {
      await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin?.query(`DROP ROLE IF EXISTS ${role}`);
      await admin?.end();
    });

    /** The portal on a fresh pool (no connection open yet) as the ordinary role, with its log and 5xx reports. */
    async function portal() {
      const url = new URL(owned.url!);
      url.username = role;
      url.password = '';
      const lines: string[] = [];
      const reported: Error[] = [];
      const database = await openDatabase({ databaseUrl: url.toString(), onPoolError: () => {} });
      const app = await buildApp({
        config: testConfig({ LOG_LEVEL: 'info' }),
        database,
        logStream: { write: (line) => void lines.push(line) },
        onServerError: (err) => void reported.push(err),
      });
      opened.push({ app, database });
      return { app, lines, reported };
    }

    /** Readiness and a route that reads the database both answer 503 with Retry-After; nothing logged as a bug. */
    async function expectUnavailable(sqlState: string) {
      const { app, lines, reported } = await portal();
      const answers = [
        await app.inject('/ready'),
        await app.inject({
          method: 'POST',
          url: '/clinic/therapist/signin',
          payload: { email: 'someone@example.test', password: 'Horse-Battery-9' },
        }),
      ];
      for (const res of answers) {
        expectProblem(res, 503, 'database_unavailable');
        expect(res.headers['retry-after']).toBe('5');
      }
      const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { code?: string } });
      expect(entries.filter((e) => e.level >= ERROR_LEVEL).map((e) => e.msg)).toEqual([]);
      expect(reported).toEqual([]);
      // The cause is still logged, as a warning naming PostgreSQL's code.
      expect(JSON.stringify(entries.filter((e) => e.level === 40))).toContain(sqlState);
    }

    it('answers 503 while the database is closed to connections (55000)', async () => {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await expectUnavailable('55000');
    });

    it('answers 503 while the database is full (53300)', async () => {
      await admin.query(`ALTER DATABASE ${name} WITH CONNECTION LIMIT 0`);
      await expectUnavailable('53300');
    });

    it('answers again once the database takes connections', async () => {
      const { app } = await portal();
      expect((await app.inject('/ready')).statusCode).toBe(200);
    });
  },
);
