import { prepareTestDatabases } from './database.ts';

/** Once per test run: the migrated database every test file's database is copied from (test/database.ts). */
export default function setup() {
  return prepareTestDatabases();
}
