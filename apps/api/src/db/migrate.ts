import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { installJobQueue } from '../jobs/install.ts';
import { loadBundledIcd10IfEmpty } from '../modules/patients/icd10.repository.ts';
import { type Database, openDatabase } from './client.ts';
import { grantApplicationRole, roleOf } from './roles.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

// Any constant shared by every Rehabit server: while one migrates, the others starting beside it wait.
const MIGRATION_LOCK_KEY = 73_424_822;

/**
 * Applies the committed SQL migrations, loads reference data (ICD-10) into an empty database and makes the job
 * queue's schema and queues; safe to run at every start, and from several servers at once.
 */
export async function runMigrations(database: Database): Promise<void> {
  await applyMigrations(database);
  await loadBundledIcd10IfEmpty(database.db);
  await installJobQueue(database);
}

/**
 * Migrates as the tables' owner when `DATABASE_MIGRATION_URL` is set, then gives the application's role (the user
 * of `DATABASE_URL`) its rights (decision 0506); otherwise migrates over the application's own connection.
 */
export async function migrateDatabase(
  database: Database,
  urls: { DATABASE_URL?: string; DATABASE_MIGRATION_URL?: string },
): Promise<void> {
  if (!urls.DATABASE_MIGRATION_URL) return runMigrations(database);
  const owner = await openDatabase({ databaseUrl: urls.DATABASE_MIGRATION_URL });
  try {
    await runMigrations(owner);
    const appRole = roleOf(urls.DATABASE_URL);
    if (appRole && appRole !== roleOf(urls.DATABASE_MIGRATION_URL)) await grantApplicationRole(owner.db, appRole);
  } finally {
    await owner.close();
  }
}

async function applyMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
