import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';

/**
 * Inserts many rows as one JSON parameter per few thousand rows: far faster than bound values on the embedded
 * database, which keeps the first start quick.
 */
export async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], size = 5000) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += size) {
    const records = rows
      .slice(i, i + size)
      .map((row) =>
        Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]])),
      );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${types})`,
    );
  }
}
