import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { VideoStatus } from '@rehabit/contract';
import { asc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import * as schema from '../db/schema.ts';
import { safeMessage } from '../lib/log-errors.ts';
import { BackupRefusal, totalRows } from './manifest.ts';

/**
 * The database a backup reads or a restore writes, as the tables' owner: the PostgreSQL server's
 * (`DATABASE_MIGRATION_URL`, else `DATABASE_URL`), or the embedded one under `DATA_DIR`.
 */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export function databaseTargetOf(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_MIGRATION_URL' | 'DATA_DIR'>) {
  const url = config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL;
  return (url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: config.DATA_DIR }) satisfies DatabaseTarget;
}

/** What a video's row says of its files, as the snapshot saw it. */
export type StoredVideo = { guid: string; status: VideoStatus; hasPoster: boolean; sizeBytes: number | null };

/** What the backup reads inside the snapshot it dumps: so the counts and the file list describe that very dump. */
export type Snapshot = { tables: Record<string, number>; lastMigration: string; videos: StoredVideo[] };

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** Rows of every table of every schema (ours, the migrations' and the job queue's), by `schema.table`. */
export async function tableRowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    db.execute(sql`
      select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname <> 'information_schema' and left(n.nspname, 3) <> 'pg_'
      order by 1, 2`),
  );
  const counts: Record<string, number> = {};
  for (const { schema: space, name } of tables) {
    const table = sql.raw(`${pg.escapeIdentifier(space)}.${pg.escapeIdentifier(name)}`);
    const [row] = await rowsOf<{ n: string }>(db.execute(sql`select count(*)::text as n from ${table}`));
    counts[`${space}.${name}`] = Number(row!.n);
  }
  return counts;
}

/** The migrations this release ships, by the time drizzle records for each. */
const migrationTags = new Map<number, string>(
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    }
  ).entries.map((e) => [e.when, e.tag]),
);

export const isKnownMigration = (tag: string) => [...migrationTags.values()].includes(tag);

async function lastMigration(db: Db): Promise<string> {
  const rows = await rowsOf<{ created_at: string }>(
    db.execute(sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  ).catch(() => []);
  if (rows.length === 0) throw new BackupRefusal('The database holds no Rehabit schema: there is nothing to back up');
  const tag = migrationTags.get(Number(rows[0]!.created_at));
  if (!tag) throw new BackupRefusal('The database was migrated by a newer Rehabit: back up with the release it runs');
  return tag;
}

async function readSnapshot(db: Db): Promise<Snapshot> {
  const { videos } = schema;
  return {
    tables: await tableRowCounts(db),
    lastMigration: await lastMigration(db),
    videos: await db
      .select({ guid: videos.guid, status: videos.status, hasPoster: videos.hasPoster, sizeBytes: videos.sizeBytes })
      .from(videos)
      .orderBy(asc(videos.id)),
  };
}

/** A PostgreSQL client of its own, without the pool's statement time-out: counting a large table takes a while. */
async function withClient<T>(url: string, work: (client: pg.Client, db: Db) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client, drizzle(client, { schema }) as unknown as Db);
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore against the database of `url`. The password travels in the environment, never on the
 * command line (process lists show it). Only the tool's own error lines are kept, with values taken out: a failed
 * COPY quotes the row it stopped at (decision 0505).
 */
function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '--no-password', `--dbname=${address}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupRefusal(`${tool} is not installed: install PostgreSQL's client tools of the server's version`)
          : err,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const said = stderr
        .split('\n')
        .filter(
          (line) => /^(pg_dump|pg_restore): (error|detail|hint):/.test(line) && !/\b(DETAIL|CONTEXT)\b/.test(line),
        )
        .slice(0, 5)
        .map(safeMessage);
      reject(new Error(`${tool} failed (exit code ${code})${said.length ? `:\n${said.join('\n')}` : ''}`));
    });
  });
}

const pgliteDirOf = (dataDir: string) => path.resolve(dataDir, 'pglite');

/**
 * Dumps the database to `file` from one snapshot, answering what that snapshot holds. PostgreSQL: a repeatable-read
 * transaction exports its snapshot, pg_dump (custom format) dumps from it while the counts are read in it, and writes
 * go on meanwhile. Embedded: the backup holds the database's only connection, so nothing writes while it is dumped.
 */
export async function dumpDatabase(target: DatabaseTarget, file: string): Promise<Snapshot> {
  if (target.kind === 'postgres') {
    return withClient(target.url, async (client, db) => {
      await client.query('begin isolation level repeatable read, read only');
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const [snapshot] = await Promise.all([
        readSnapshot(db),
        runPostgresTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`], target.url),
      ]);
      await client.query('commit');
      await chmod(file, 0o600);
      return snapshot;
    });
  }
  const dir = pgliteDirOf(target.dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupRefusal(
      `No embedded database under ${target.dataDir}: set DATA_DIR, or DATABASE_URL for PostgreSQL`,
    );
  }
  // PGlite keeps this file while a process has the database open, and nothing stops a second one from opening it.
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new BackupRefusal(
      'The embedded database is open (postmaster.pid): stop the server first; if none runs, start and stop it once',
    );
  }
  const database = await openDatabase({ dataDir: target.dataDir });
  try {
    const snapshot = await readSnapshot(database.db);
    const tarball = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('gzip');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()), { mode: 0o600 });
    return snapshot;
  } finally {
    await database.close();
  }
}

/**
 * Refuses a target of another kind than the backup's, or one that holds anything: a restore never mixes a backup
 * with data, nor overwrites it.
 */
export async function refuseUnlessEmpty(target: DatabaseTarget, kind: DatabaseTarget['kind']): Promise<void> {
  if (kind !== target.kind) {
    throw new BackupRefusal(
      kind === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it'
        : 'This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty directory',
    );
  }
  if (target.kind === 'pglite') {
    const dir = pgliteDirOf(target.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new BackupRefusal(
        `${target.dataDir} holds an embedded database already: restore only into an empty DATA_DIR`,
      );
    }
    return;
  }
  const counts = await withClient(target.url, (_client, db) => tableRowCounts(db));
  const tables = Object.keys(counts).length;
  if (tables === 0) return;
  const rows = totalRows(counts);
  throw new BackupRefusal(
    rows > 0
      ? `The database holds data (${rows} rows in ${tables} tables): restore only into a new, empty database`
      : `The database has ${tables} tables already (a server migrated it): restore only into a new, empty database`,
  );
}

/** Restores a dump into the empty target (`refuseUnlessEmpty`), answering every table's rows as restored. */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<Record<string, number>> {
  if (target.kind === 'postgres') {
    // One transaction: a restore that fails leaves the database as empty as it found it. Roles and grants are the
    // server's own; `setup-database` gives the application's role its rights again.
    await runPostgresTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
      target.url,
    );
    return withClient(target.url, (_client, db) => tableRowCounts(db));
  }
  await mkdir(target.dataDir, { recursive: true });
  const database = await openDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await tableRowCounts(database.db);
  } finally {
    await database.close();
  }
}
