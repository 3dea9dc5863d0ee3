import { configDefaults, defineConfig } from 'vitest/config';

// These start the server or the CLI as shipped, in a clean environment on their own embedded database, whatever
// database the run is given, or read the source and open no database: a pass on PostgreSQL would run them again
// exactly as the embedded pass did.
const sameOnEveryDatabase = [
  'test/cli.test.ts',
  'test/backup-embedded.test.ts',
  'test/server-start-stop.test.ts',
  'test/production-build.test.ts',
  'test/repository-parameters.test.ts',
];

// Beside a pass on PostgreSQL (decision 1390), the embedded pass runs the files that reach what is the embedded
// database's own: the product as shipped and the demo (which run on it), every repository's SQL through its driver
// (test/clinic-scope), the cross-cutting checks, and the job queue. The modules' own files then run on PostgreSQL only.
const embeddedBesidePostgres = process.env.API_TEST_FILES === 'embedded-beside-postgres';

export default defineConfig({
  test: {
    include: embeddedBesidePostgres
      ? ['test/**/*.test.ts', 'src/jobs/**/*.test.ts']
      : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? sameOnEveryDatabase : [])],
    // Migrates once per run; every test file's database is a copy of that one (test/database.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // The test files share one process, one after another, so the app's modules are loaded once per run instead of
    // once per file (the loading took a third of the suite's time). Every file builds its own app on its own database,
    // so none depends on another's module state (decision 1300).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
