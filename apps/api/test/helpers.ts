import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createTestDatabase } from './database.ts';
import { PASSWORD } from './factories.ts';

/** A clock the test moves by hand, for expiry and lockout windows. */
export function createTestClock(start = new Date('2026-03-02T15:00:00Z')) {
  let current = start.getTime();
  const clock: Clock & { advanceMinutes: (m: number) => void; advanceSeconds: (s: number) => void } = {
    now: () => new Date(current),
    advanceMinutes: (minutes) => {
      current += minutes * 60_000;
    },
    advanceSeconds: (seconds) => {
      current += seconds * 1000;
    },
  };
  return clock;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: 'http://rehabit.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST: '/nonexistent',
    DEMO: 'true',
    ...env,
  });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof createTestClock>;
  close: () => Promise<void>;
};

/** The real app on a fresh database, driven through inject: no port, no mocks. */
export async function createTestApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const clock = createTestClock();
  // A start that fails still drops its database (a file's set-up awaited at its top registers no cleanup then).
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config: testConfig(options.env), database, clock, logger: false });
    await app.ready();
  } catch (err) {
    await app?.close();
    await drop();
    throw err;
  }
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * `createTestApp` for the tests of one file, awaited at the file's top: made as the file is collected, just before
 * its tests run (each file is collected and run in turn), and closed after its last test.
 */
export async function testAppForFile(options: { env?: Record<string, string> } = {}) {
  const t = await createTestApp(options);
  afterAll(() => t.close());
  return t;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A staff member's session token, signed in with e-mail and the factories' password. */
export async function staffToken(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} answered ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export function expectProblem(res: LightMyRequestResponse, status: number, code?: string) {
  const body = res.json();
  if (res.statusCode !== status || !res.headers['content-type']?.toString().startsWith('application/problem+json')) {
    throw new Error(`expected problem ${status} ${code ?? ''}, got ${res.statusCode} ${res.body}`);
  }
  if (code && body.code !== code) throw new Error(`expected code ${code}, got ${body.code}: ${res.body}`);
  return body as { code: string; status: number; detail: string; errors?: Record<string, string[]> };
}
