/**
 * The cluster the tests run against, started once: two nodes as `npm start` runs them (dist/server.js) behind
 * HAProxy, on a PostgreSQL database of this run's own (dropped afterwards), Redis under a key prefix of this run's
 * own, and s3rver in this process. Jobs run with a short lease and no retry delay, so a node that dies mid-job is
 * found out within seconds rather than a minute.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { makeClinic, makeUser, PASSWORD } from '../../test/factories.ts';
import { patientBody } from '../../test/patients-support.ts';
import { type FakeS3, startFakeS3 } from '../../test/s3-support.ts';
import { type Cluster, startCluster } from '../cluster.ts';
import { NODE_HEADER } from '../haproxy.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Sign-ins and clinic-code checks each address may make per minute: the limit the rate-limit test reaches. */
export const RATE_LIMIT = 30;
/** The lease of a running job: a node killed mid-job leaves it to another within about this. */
export const JOB_LEASE_SECONDS = 3;

export type TestCluster = {
  cluster: Cluster;
  database: TestDatabase;
  s3: FakeS3;
  /** What the nodes and the proxy printed last, for a failure's message. */
  output: () => string;
  stop: () => Promise<void>;
};

export async function startTestCluster(): Promise<TestCluster> {
  // The nodes run the compiled server, as `npm start` does: built when its sources changed.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs'), 'api'], { stdio: 'ignore' });
  const database = await createTestDatabase();
  const s3 = await startFakeS3();
  const lines: string[] = [];
  try {
    const cluster = await startCluster({
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: database.url!,
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `rehabit-cluster-test-${process.pid}-${Date.now().toString(36)}`,
        ...s3.env,
        AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
        JOB_RETRY_DELAY_SECONDS: '0',
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
      },
      onOutput: (source, line) => {
        lines.push(`[${source}] ${line}`);
        if (lines.length > 200) lines.shift();
      },
    });
    // A run stopped from outside (Ctrl-C, a time limit) ends without the 'exit' event: the nodes must not outlive it.
    const onSignal = () => {
      cluster.killAll();
      process.exit(130);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
    return {
      cluster,
      database,
      s3,
      output: () => lines.join('\n'),
      stop: async () => {
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeListener(signal, onSignal);
        try {
          await cluster.stop();
        } finally {
          await s3.close();
          await database.drop();
        }
      },
    };
  } catch (err) {
    await s3.close();
    await database.drop();
    throw err;
  }
}

/** One request to the proxy or a node; the answer names the node that gave it. */
export async function call(
  base: string,
  method: string,
  route: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, node: res.headers.get(NODE_HEADER), json: () => JSON.parse(text) };
}

export type Person = { id: number; email: string; token: string };

export async function signIn(base: string, user: { id: number; email: string }): Promise<Person> {
  const res = await call(base, 'POST', '/clinic/therapist/signin', { body: { email: user.email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return { id: user.id, email: user.email, token: res.json().token };
}

/** A clinic with a therapist and a manager, both signed in through the proxy, and a patient of the therapist's. */
export async function clinicWithPatient(t: TestCluster) {
  const { db } = t.database.database;
  const clinic = await makeClinic(db);
  const [therapistUser, managerUser] = await Promise.all([
    makeUser(db, clinic.id, { role: 'therapist' }),
    makeUser(db, clinic.id, { role: 'manager' }),
  ]);
  const therapist = await signIn(t.cluster.url, therapistUser);
  const manager = await signIn(t.cluster.url, managerUser);
  const registered = await call(t.cluster.url, 'POST', '/clinic/patient/register', {
    token: therapist.token,
    body: patientBody(),
  });
  expect(registered.status, registered.text).toBe(201);
  return { clinic, therapist, manager, patientId: registered.json().id as number };
}

/** Every node that is not running is started again, and the proxy sends each of them requests. */
export async function restartStopped(cluster: Cluster) {
  for (const node of cluster.nodes) {
    await cluster.setAdminState(node.name, 'ready');
    await cluster.restart(node.name);
  }
}
