import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { markRaisedWhileConnecting } from '../lib/database-unavailable.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * Runs independent reads side by side on the database's pool, one after another in a transaction: a transaction
 * holds one connection, which runs one statement at a time (node-postgres queues the rest and warns about it).
 */
export async function readAll<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  const results: unknown[] = [];
  if (db instanceof PgTransaction) for (const read of reads) results.push(await read());
  else results.push(...(await Promise.all(reads.map((read) => read()))));
  return results as unknown as T;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pool behind a PostgreSQL database, for work that needs one connection (migration lock). */
  pool?: pg.Pool;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  /** Embedded only: start from this dump of a data directory (PGlite's `dumpDataDir()`), e.g. a migrated copy. */
  loadDataDir?: Blob;
  /** Told of every connection to PostgreSQL lost, with only the error's class and code (never a statement's values). */
  onPoolError?: (err: Error) => void;
};

/** PostgreSQL through a pool when a URL is given; otherwise embedded PGlite (in memory without a data dir). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onPoolError);
  return openPglite(options.dataDir, options.loadDataDir);
}

// The driver's own words for a lost connection: they name no data, so they may be logged.
const driverMessages = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
]);

/**
 * What may be logged of a lost connection: the error's class and code. The error itself may not: the pool hangs
 * the client on it, with its connection settings and the text of its prepared statements.
 */
function connectionLost(err: unknown): Error {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; constructor?: { name?: string } };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const known = typeof e.message === 'string' && driverMessages.has(e.message) ? e.message : undefined;
  const reason = [e.constructor?.name ?? 'Error', code, known].filter(Boolean).join(' ');
  const lost = new Error(`database connection lost (${reason})`);
  lost.name = 'DatabaseConnectionLost';
  lost.stack = `${lost.name}: ${lost.message}`;
  return Object.assign(lost, code ? { code } : {});
}

/**
 * A client whose failure to open its connection is marked so: PostgreSQL raises some codes both when it refuses a
 * connection (then the database is unavailable) and for an ordinary statement (then it is a bug of ours).
 */
class MarkedClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error) => void): void;
  override connect(callback?: (err: Error) => void): Promise<pg.Client> | undefined {
    if (!callback) return super.connect().catch((err) => Promise.reject(markRaisedWhileConnecting(err)));
    super.connect((err: Error) => callback(markRaisedWhileConnecting(err)));
  }
}

function openPostgres(url: string, onPoolError?: (err: Error) => void): Database {
  const pool = new pg.Pool({
    Client: MarkedClient,
    connectionString: url,
    max: 10,
    // Bounds both opening a connection and waiting for a free one: with the server away, a request answers 503 in
    // about two seconds instead of waiting for it.
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    // A statement stuck behind a lost server must not hold a request forever.
    query_timeout: 15_000,
  });
  const report = (err: unknown) => onPoolError?.(connectionLost(err));
  // A connection can be lost at any moment, also while a request holds it (a transaction between two statements).
  // Without a listener its client's error would end the process; with one, the statement at hand (or the next one)
  // fails, the transaction rejects and its request answers 503, and the pool drops the dead client when it is given
  // back, opening new ones on demand once the server answers again.
  pool.on('connect', (client) => client.on('error', report));
  // Idle clients are reported by the listener above; the pool's own event must still be listened to.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * The embedded database's buffer cache. PostgreSQL's 128 MB is written over at start-up, so it all counted in the
 * server's resident memory (about 100 MB more than this); the data files stay in the system's file cache anyway,
 * so a small cache costs little on an embedded database's size (decision 1117).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, btree_gin },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
