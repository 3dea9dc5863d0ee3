import { sql } from 'drizzle-orm';
import pg from 'pg';
import { JOB_QUEUE_SCHEMA } from '../jobs/queues.ts';
import type { Db } from './client.ts';

/** PostgreSQL role names as Rehabit accepts them: plain, lower-case, so they never need quoting by a person. */
// Both drivers answer raw queries with `{ rows }`.
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

export const ROLE_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** The user a PostgreSQL URL signs in as, or undefined when the URL names none. */
export const roleOf = (url: string | undefined) =>
  url ? decodeURIComponent(new URL(url).username) || undefined : undefined;

/**
 * The application's rights, given by the owner of the tables after every migration (so new tables are covered):
 * read and change data, but only read and append the audit log. Owning nothing, the application cannot disable the
 * audit log's triggers, truncate it or drop it; not being a superuser, it cannot switch triggers off for its session.
 */
export async function grantApplicationRole(owner: Db, role: string): Promise<void> {
  if (!ROLE_NAME_PATTERN.test(role)) throw new Error(`Not a plain PostgreSQL role name: ${role}`);
  const name = sql.raw(pg.escapeIdentifier(role));
  await owner.transaction(async (tx) => {
    await tx.execute(sql`GRANT USAGE ON SCHEMA public TO ${name}`);
    await tx.execute(sql`REVOKE CREATE ON SCHEMA public FROM ${name}`);
    await tx.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${name}`);
    await tx.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ${name}`);
    await tx.execute(sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${name}`);
    // The job queue's rows, never its tables: its queues are made by the owner (jobs/queues.ts).
    const jobs = sql.raw(pg.escapeIdentifier(JOB_QUEUE_SCHEMA));
    await tx.execute(sql`GRANT USAGE ON SCHEMA ${jobs} TO ${name}`);
    await tx.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${jobs} TO ${name}`);
  });
}

/** Creates the application's login role when it does not exist yet (the owner needs CREATEROLE for that). */
export async function createApplicationRole(owner: Db, role: string, password?: string): Promise<boolean> {
  if (!ROLE_NAME_PATTERN.test(role)) throw new Error(`Not a plain PostgreSQL role name: ${role}`);
  const found = await rowsOf(owner.execute(sql`SELECT 1 FROM pg_roles WHERE rolname = ${role}`));
  if (found.length > 0) return false;
  const secret = password ? sql.raw(` PASSWORD ${pg.escapeLiteral(password)}`) : sql.raw('');
  // A refused statement's message would hold the password: say why it failed without it.
  await owner
    .execute(sql`CREATE ROLE ${sql.raw(pg.escapeIdentifier(role))} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE${secret}`)
    .catch((err: unknown) => {
      let cause = err as { code?: string; cause?: unknown };
      while (!cause.code && cause.cause) cause = cause.cause as typeof cause;
      throw new Error(
        `The role ${role} could not be created (PostgreSQL ${cause.code ?? 'error'}): create it by hand, or run this as a role with CREATEROLE`,
      );
    });
  return true;
}

/**
 * Whether the connection's role could change or empty the audit log: as a superuser, as (a member of) its owner, or
 * by a right to update, delete or truncate it.
 */
export async function canAlterAuditLog(db: Db): Promise<{ role: string; canAlter: boolean }> {
  const [row] = await rowsOf<{ role: string; can_alter: boolean }>(
    db.execute(sql`
    SELECT current_user AS role,
      (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
      OR pg_has_role(current_user, (SELECT tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'audit_events'), 'MEMBER')
      OR has_table_privilege('audit_events', 'UPDATE')
      OR has_table_privilege('audit_events', 'DELETE')
      OR has_table_privilege('audit_events', 'TRUNCATE') AS can_alter`),
  );
  return { role: row!.role, canAlter: row!.can_alter };
}
