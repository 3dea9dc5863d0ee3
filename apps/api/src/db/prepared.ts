import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbOrTx } from './client.ts';

/**
 * Runs a statement that PostgreSQL plans once per connection and then reuses (a named prepared statement): for a
 * busy statement whose planning costs about as much as its work. Embedded PGlite runs it as a plain query. Without a
 * name it is planned each time: for a text that is not one of a few fixed shapes, since a named statement stays on
 * every pooled connection for good.
 */
export async function runPrepared<Row>(db: Db, name: string | null, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query(name ? { name, text, values } : { text, values })).rows as Row[];
  }
  if (client instanceof PGlite) return (await client.query<Row>(text, values)).rows;
  throw new Error('a prepared statement needs the database itself');
}

const dialect = new PgDialect();

/**
 * A statement written with drizzle's `sql` whose text never changes (only its values do), run as `runPrepared` runs
 * one; inside a transaction, on the transaction's connection as a plain query.
 */
export async function runPreparedSql<Row>(db: DbOrTx, name: string, statement: SQL): Promise<Row[]> {
  if (db instanceof PgTransaction) return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return runPrepared<Row>(db, name, text, params);
}
