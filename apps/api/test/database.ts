import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

export type TestDatabase = { database: Database; url?: string; drop: () => Promise<void> };

// Where every test database of a run starts from, made once by the run's global setup (prepareTestDatabases) and
// handed to the test processes through their environment.
const TEMPLATE_DATABASE = 'REHABIT_TEST_TEMPLATE_DATABASE';
const PGLITE_SNAPSHOT = 'REHABIT_TEST_PGLITE_SNAPSHOT';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (created here and dropped afterwards). Both start as a copy of the run's
 * migrated template; outside a test run (no template) the new database is migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = process.env[PGLITE_SNAPSHOT];
    const database = await openDatabase(snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {});
    if (!snapshot) await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const template = process.env[TEMPLATE_DATABASE];
  const name = newDatabaseName('rehabit_test_');
  await onServer(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  if (!template) await runMigrations(database);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A data directory holding a migrated embedded database, as a server leaves it when stopped (the run's migrated
 * copy, or migrated here outside a test run).
 */
export async function createTestDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rehabit-test-data-'));
  const snapshot = process.env[PGLITE_SNAPSHOT];
  const database = await openDatabase({
    dataDir,
    loadDataDir: snapshot ? new Blob([await readFile(snapshot)]) : undefined,
  });
  try {
    if (!snapshot) await runMigrations(database);
  } finally {
    await database.close();
  }
  return dataDir;
}

/**
 * A new database without a single table on the PostgreSQL server of TEST_DATABASE_URL, as an operator creates one
 * to restore a backup into; dropped by `drop` (or, left by a killed run, by a later run's clean-up).
 */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('An empty database needs a PostgreSQL server (TEST_DATABASE_URL)');
  const name = newDatabaseName('rehabit_test_');
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, (admin) => dropDatabase(admin, name)),
  };
}

/**
 * Vitest global setup: migrates one database for the whole run (a template database on the PostgreSQL server, or
 * a PGlite data directory saved to a temporary file) and returns its removal. Each run makes its own, so runs
 * beside each other never share one, and a changed migration is always in the next run.
 */
export async function prepareTestDatabases(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return prepareTemplateDatabase(serverUrl);
  const database = await openDatabase({});
  let dump: Blob;
  try {
    await runMigrations(database);
    dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'rehabit-test-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  process.env[PGLITE_SNAPSHOT] = file;
  return async () => {
    delete process.env[PGLITE_SNAPSHOT];
    await rm(dir, { recursive: true, force: true });
  };
}

async function prepareTemplateDatabase(serverUrl: string): Promise<() => Promise<void>> {
  const name = newDatabaseName('rehabit_template_');
  await onServer(serverUrl, async (admin) => {
    await dropLeftovers(admin);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const remove = async () => {
    delete process.env[TEMPLATE_DATABASE];
    await onServer(serverUrl, (admin) => dropDatabase(admin, name));
  };
  try {
    const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    // A template nobody can connect to: a connection to it would stop it from being copied.
    await onServer(serverUrl, (admin) =>
      admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
    );
  } catch (err) {
    await remove();
    throw err;
  }
  process.env[TEMPLATE_DATABASE] = name;
  return remove;
}

// No run lasts this long: an older test or template database was left by a run that was killed.
const LEFTOVER_AFTER_SECONDS = 12 * 3600;

/** Names carry their creation time in seconds, so that a later run can tell leftovers from databases in use. */
function newDatabaseName(prefix: string): string {
  return `${prefix}${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
}

async function dropLeftovers(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^rehabit_(test|template)_[0-9]+_[0-9a-f]+$'`,
  );
  const now = Date.now() / 1000;
  for (const { datname } of rows) {
    const created = Number(datname.split('_')[2]);
    // Another run may be dropping the same leftover.
    if (now - created > LEFTOVER_AFTER_SECONDS) await dropDatabase(admin, datname).catch(() => {});
  }
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
