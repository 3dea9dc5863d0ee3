/**
 * Two Rehabit nodes behind HAProxy, started once for every test here (decision 1455), which kill and restart its
 * nodes: after each test, a node killed is started again, so every test begins with both nodes up.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL names the server, the local one by default), Redis at 127.0.0.1:6379 and
 * HAProxy (scripts/ensure-system-packages.sh). `npm run test:cluster`.
 */
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { chatCases } from './chat.ts';
import { heartbeatCases } from './heartbeats.ts';
import { jobCases } from './jobs.ts';
import { sessionCases } from './sessions.ts';
import { restartStopped, startTestCluster, type TestCluster } from './support.ts';
import { uploadCases } from './uploads.ts';

let running: TestCluster | undefined;
const cluster = () => {
  if (!running) throw new Error('the cluster did not start');
  return running;
};

beforeAll(async () => {
  running = await startTestCluster();
}, 180_000);

afterEach(async (context) => {
  // What the nodes said, for a test that failed.
  if (context.task.result?.state === 'fail' && running) console.error(running.output());
  if (running) await restartStopped(running.cluster);
}, 120_000);

afterAll(async () => {
  await running?.stop();
}, 60_000);

describe('chat', () => chatCases(cluster));
describe('sessions, rate limits and sign-in limits', () => sessionCases(cluster));
describe('jobs', () => jobCases(cluster));
describe('video uploads', () => uploadCases(cluster));
describe('monitoring heart-beats', () => heartbeatCases(cluster));
