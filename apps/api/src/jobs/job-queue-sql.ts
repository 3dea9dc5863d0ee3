import type { PGlite } from '@electric-sql/pglite';
import type { QueryResult } from 'pg';
import type { Database } from '../db/client.ts';

/** pg-boss's whole way into a database (its `db` option): one statement with its values, or a script without. */
export type JobQueueSql = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

const lastOf = <T>(results: T | T[]): T => (Array.isArray(results) ? results[results.length - 1]! : results);

/**
 * pg-boss over the portal's own database, PostgreSQL or the embedded PGlite, so both run one and the same queue
 * (decision 0801).
 *
 * A call with values is one statement, sent as it is. A call without values may be a script that opens its own
 * transaction (`BEGIN; … COMMIT;`, pg-boss's maintenance and installation): it runs on one connection held for it, and
 * when a statement fails the transaction is rolled back there, so no connection is handed back mid-transaction.
 * On PGlite the script runs inside PGlite's own transaction, which keeps every other query out until it ends (the
 * script's BEGIN and COMMIT only warn inside it), and rolls back on failure.
 */
export function jobQueueSql(database: Database): JobQueueSql {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        return lastOf(await client.transaction((tx) => tx.exec(text)));
      },
    };
  }
  const pool = database.pool!;
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pool.query(text, values);
      const connection = await pool.connect();
      try {
        return lastOf<QueryResult>(await connection.query(text));
      } catch (err) {
        await connection.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        connection.release();
      }
    },
  };
}
