import { defineConfig } from 'vitest/config';

// The cluster tests (decision 1455): one file, one cluster of real processes, run on their own (`npm run
// test:cluster`), never inside the API suite. Its database server is TEST_DATABASE_URL, the local one by default.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    env: {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
