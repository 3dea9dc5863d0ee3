/**
 * Clinic scoping, repository by repository: every method of every repository (found by reading the API's source
 * folder, modules and shared layers alike, so a new repository or method is never missed) is either asked, scoped to clinic A, for clinic B's rows
 * and shown to answer none of them, or says here why no call can reach another clinic's rows through it. Adding a
 * method without deciding which fails the completeness test, naming the method.
 */
import { readdirSync, readFileSync } from 'node:fs';
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
import { type Entry, scopeA, seedClinic, setSeeded } from './clinic-scope/harness.ts';
import { patientsQueryFunctions, patientsRepositories } from './clinic-scope/patients.ts';
import { programsVideosRepositories } from './clinic-scope/programs-videos.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const modulesDir = path.join(srcDir, 'modules');

const repositories = {
  ...accountsChatRepositories,
  ...billingRepositories,
  ...clinicWorkRepositories,
  ...patientsRepositories,
  ...programsVideosRepositories,
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

type Found = { key: string; file: string };

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
        for (const method of Object.keys((value as (db: Db, scope: ClinicScope) => object)(db, clinicScope(0)))) {
          methods.push({ key: `${name}.${method}`, file });
        }
      } else if (takesDatabase(value as (...args: never[]) => unknown)) {
        methods.push({ key: `${path.basename(file, '.repository.ts')}.${exportName}`, file });
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

  it('names checks that the services really make', () => {
    const guards = [...table.entries()].flatMap(([key, entry]) =>
      entry.kind === 'guarded' ? entry.checks.map((c) => ({ key, ...c })) : [],
    );
    for (const { key, check, file } of guards) {
      const source = readFileSync(path.join(modulesDir, file), 'utf8');
      expect(new RegExp(`\\b${check}\\(`).test(source), `${key}: ${file} never calls ${check}`).toBe(true);
    }
  });

  it('gives every method that is not tested across clinics a reason', () => {
    for (const [key, entry] of table) {
      if (entry.kind === 'cross-clinic' || entry.kind === 'guarded') continue;
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
