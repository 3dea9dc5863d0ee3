/**
 * Clinic scoping, repository by repository (decision 1340). Every repository is found by reading the API's source
 * folder, so a new repository or method is never missed. Every method of a repository built with a scope is run,
 * built with clinic A's scope, against clinic B's rows, and shown to return none of them and to change none of them.
 * A repository built without a scope says, for each method, why it holds no clinic's rows. A method without an
 * entry fails the completeness test, naming the method. The entries live a file an area in test/clinic-scope/.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { VIDEO_DEFAULTS } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { type ClinicScope, clinicScope, crossClinic } from '../src/db/scope.ts';
import { createFoldersRepository } from '../src/modules/videos/folders.repository.ts';
import { createVideosRepository } from '../src/modules/videos/videos.repository.ts';
import { accountsChatRepositories } from './clinic-scope/accounts-chat.ts';
import { billingRepositories } from './clinic-scope/billing.ts';
import { clinicWorkRepositories } from './clinic-scope/clinic-work.ts';
import { fhirExportRepositories, fhirRepositories } from './clinic-scope/fhir.ts';
import { type Entry, scopeA, seedClinic, seedStrays, setSeeded } from './clinic-scope/harness.ts';
import { measuresRepositories } from './clinic-scope/measures.ts';
import { patientsQueryFunctions, patientsRepositories } from './clinic-scope/patients.ts';
import { programsVideosRepositories } from './clinic-scope/programs-videos.ts';
import { remindersRepositories } from './clinic-scope/reminders.ts';
import { visitsRepositories } from './clinic-scope/visits.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

const repositories = {
  ...accountsChatRepositories,
  ...billingRepositories,
  ...clinicWorkRepositories,
  ...fhirRepositories,
  ...fhirExportRepositories,
  ...measuresRepositories,
  ...patientsRepositories,
  ...programsVideosRepositories,
  ...remindersRepositories,
  ...visitsRepositories,
};

const queryFunctions = patientsQueryFunctions;

/** Every decision by "repository.method". */
const table = new Map<string, Entry<unknown>>([
  ...Object.entries(repositories).flatMap(([name, { methods }]) =>
    Object.entries(methods).map(([method, entry]) => [`${name}.${method}`, entry as Entry<unknown>] as const),
  ),
  ...Object.entries(queryFunctions).flatMap(([name, functions]) =>
    Object.entries(functions).map(([fn, entry]) => [`${name}.${fn}`, entry as Entry<unknown>] as const),
  ),
]);

// ---------------------------------------------------------------------------------------------------------------
// The repositories as the modules folder has them.

const repositoryFiles = (readdirSync(srcDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.repository.ts'))
  .sort();

/** createUsersRepository → users */
const repositoryName = (factoryName: string) =>
  factoryName.replace(/^create(\w)(\w*)Repository$/, (_m, first: string, rest: string) => first.toLowerCase() + rest);

/** A function exported for its callers to run over the database: its first parameter is the database. */
const takesDatabase = (fn: (...args: never[]) => unknown) => /^[^(]*\(\s*(db|tx)\b/.test(fn.toString());

/** A query function that narrows its rows by a scope: its scope follows the database, as a factory's does. */
const takesScope = (fn: (...args: never[]) => unknown) => /^[^(]*\(\s*(db|tx)\s*,\s*scope\b/.test(fn.toString());

/** A method found in the source: its key, its file, and whether its repository is built with a scope. */
type Found = { key: string; file: string; scoped: boolean };

async function enumerate(db: Db) {
  const factories: { name: string; file: string; factory: unknown }[] = [];
  const methods: Found[] = [];
  for (const file of repositoryFiles) {
    const exports: Record<string, unknown> = await import(pathToFileURL(path.join(srcDir, file)).href);
    for (const [exportName, value] of Object.entries(exports)) {
      if (typeof value !== 'function') continue;
      if (/^create\w+Repository$/.test(exportName)) {
        const name = repositoryName(exportName);
        factories.push({ name, file, factory: value });
        const scoped = (value as (...args: never[]) => unknown).length >= 2;
        for (const method of Object.keys((value as (db: Db, scope: ClinicScope) => object)(db, clinicScope(0)))) {
          methods.push({ key: `${name}.${method}`, file, scoped });
        }
      } else if (takesDatabase(value as (...args: never[]) => unknown)) {
        const scoped = takesScope(value as (...args: never[]) => unknown);
        methods.push({ key: `${path.basename(file, '.repository.ts')}.${exportName}`, file, scoped });
      }
    }
  }
  return { factories, methods };
}

// ---------------------------------------------------------------------------------------------------------------

let database: TestDatabase;
let found: Awaited<ReturnType<typeof enumerate>>;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database.database;
  const seeded = { a: await seedClinic(db, 1), b: await seedClinic(db, 2) };
  // A global video in both clinics' folders, so that its folder list has another clinic's folder to leave out.
  const videos = createVideosRepository(db, crossClinic('platform admin'));
  const globalVideoId = await videos.insertGlobal({
    ...VIDEO_DEFAULTS,
    guid: 'clinic-scope-global',
    ownerUserId: seeded.a.supervisorId,
  });
  await videos.updateByGuid('clinic-scope-global', { status: 'ready' });
  await createFoldersRepository(db, crossClinic('platform admin')).addItems(
    [seeded.a.folderId, seeded.b.folderId],
    [globalVideoId],
  );
  setSeeded({ ...seeded, globalVideoId, db });
  await seedStrays(db);
  found = await enumerate(db);
});
afterAll(() => database.drop());

describe('every repository method has decided its clinic scope', () => {
  it('finds the repositories in the source folder', () => {
    expect(repositoryFiles.length).toBeGreaterThan(0);
    expect(found.factories.length).toBeGreaterThan(0);
    for (const file of repositoryFiles) {
      expect(
        found.methods.some((m) => m.file === file),
        `${file} exports no repository factory (createXRepository) and no function over the database`,
      ).toBe(true);
    }
  });

  it('has an entry for every method, and every entry names an existing method', () => {
    const keys = found.methods.map((m) => m.key);
    const missing = found.methods.filter((m) => !table.has(m.key)).map((m) => `${m.key} (src/${m.file})`);
    expect(
      missing,
      'repository methods without a clinic-scope entry: add each to test/clinic-scope.test.ts, with a call scoped to ' +
        'clinic A that asks for clinic B’s rows, or the reason no call can reach another clinic',
    ).toEqual([]);
    const stale = [...table.keys()].filter((key) => !keys.includes(key));
    expect(stale, 'entries in test/clinic-scope.test.ts for methods that no longer exist').toEqual([]);
  });

  it('covers each factory with its own repository entry', () => {
    for (const { name, file, factory } of found.factories) {
      const entry = (repositories as Record<string, { factory: unknown }>)[name];
      expect(entry?.factory, `${name} (src/${file}) has no entry in repositories`).toBe(factory);
    }
  });

  it('runs every method of a repository built with a scope across clinics', () => {
    // A repository that takes a scope holds clinics' rows: each of its methods is asked for clinic B's rows. One
    // that takes only the database must say why it has no clinic's rows to reach (decision 1340).
    expect(found.methods.filter((m) => m.scoped).length).toBeGreaterThan(100);
    const misplaced = found.methods
      .filter(({ key, scoped }) => table.has(key) && scoped !== (table.get(key)!.kind === 'cross-clinic'))
      .map(
        ({ key, scoped }) =>
          `${key}: ${table.get(key)!.kind} in a repository ${scoped ? 'built with' : 'without'} a scope`,
      );
    expect(misplaced, 'entries whose kind does not match whether their repository takes a scope').toEqual([]);
  });

  it('gives every method that is not tested across clinics a reason', () => {
    for (const [key, entry] of table) {
      if (entry.kind === 'cross-clinic') continue;
      expect(entry.why.length, key).toBeGreaterThan(10);
    }
  });
});

// A query function's run calls the function itself, with clinic A's scope; a method's run gets its repository.
const crossClinicEntries = [
  ...Object.entries(repositories).flatMap(([name, { factory, methods }]) =>
    Object.entries(methods).flatMap(([method, entry]) =>
      entry.kind === 'cross-clinic' ? [{ key: `${name}.${method}`, factory, run: entry.run }] : [],
    ),
  ),
  ...Object.entries(queryFunctions).flatMap(([name, functions]) =>
    Object.entries(functions).flatMap(([fn, entry]) =>
      entry.kind === 'cross-clinic' ? [{ key: `${name}.${fn}`, factory: undefined, run: entry.run }] : [],
    ),
  ),
];

describe('scoped to clinic A, nothing of clinic B comes back', () => {
  it.each(crossClinicEntries)('$key', async ({ factory, run }) => {
    await (run as (repo: object | undefined) => Promise<void>)(factory?.(database.database.db, scopeA()));
  });
});
