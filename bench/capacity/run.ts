/**
 * Capacity on a clinic day (decision 1475): how many people on line one node carries, and two, with p95 ≤ 200 ms
 * over every request and no error. The real cluster (apps/api/cluster: nodes as `npm start` runs them, behind
 * HAProxy, on PostgreSQL and Redis) serves a clinic of realistic size; a load client in a process of its own
 * (client.ts) adds therapists and patients step by step (people.ts: what each does, with think times). Each round
 * ramps 1 node (the second drained at the same proxy) and 2 nodes, which goes first alternating by round; every step is
 * printed.
 *
 *   npm run bench:capacity
 *   BENCH_STEPS=50,100 BENCH_ROUNDS=1 BENCH_STEP_SECONDS=10 npm run bench:capacity     (a quick look)
 *
 * Options: BENCH_DATABASE_URL, BENCH_STEPS (people on line at each step), BENCH_ROUNDS, BENCH_STEP_SECONDS,
 * BENCH_SETTLE_SECONDS, BENCH_THERAPIST_SHARE, BENCH_PATIENTS, BENCH_P95_MS, REDIS_URL.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Cluster, startCluster } from '../../apps/api/cluster/cluster.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { createApplicationRole, grantApplicationRole } from '../../apps/api/src/db/roles.ts';
import { throwAwayDatabase } from '../lib/database.ts';
import { benchDir, repoRoot } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { spread } from '../lib/rounds.ts';
import { waitForVideoProcessing } from '../routes/data.ts';
import { pidsNamed, type Watched } from './cpu.ts';
import { fillClinicDay } from './data.ts';
import { ramp, type StepResult } from './ramp.ts';
import { capacityOf, markdown } from './report.ts';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STEPS = (env.BENCH_STEPS ?? '150,250,400,600,900,1300,1900,2800')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 2);
const STEP_SECONDS = Number(env.BENCH_STEP_SECONDS ?? 15);
const SETTLE_SECONDS = Number(env.BENCH_SETTLE_SECONDS ?? 5);
const THERAPIST_SHARE = Number(env.BENCH_THERAPIST_SHARE ?? 0.2);
const P95_LIMIT_MS = Number(env.BENCH_P95_MS ?? 200);
const MOST_USERS = Math.max(...STEPS);
const THERAPISTS = Math.max(50, Math.round(MOST_USERS * THERAPIST_SHARE));
const PATIENT_ACCOUNTS = MOST_USERS - Math.round(MOST_USERS * THERAPIST_SHARE);
// About 40% of the seeded patients are onboarded and RTM-covered, the ones given an account.
const PATIENTS = Number(env.BENCH_PATIENTS ?? Math.max(5000, Math.ceil(PATIENT_ACCOUNTS / 0.35)));
// The server's role may only read and append the audit log, as production demands (decision 0506).
const APP_ROLE = 'rehabit_bench_app';

// The nodes run the compiled server, as `npm start` does: built when its sources changed.
execFileSync(process.execPath, [join(repoRoot, 'scripts/build-if-changed.mjs'), 'api'], { stdio: 'inherit' });

const { name, admin, ownerUrl, appUrl, drop } = await throwAwayDatabase(serverUrl, 'capacity', APP_ROLE);

let cluster: Cluster | undefined;
let storageDir: string | undefined;
try {
  const owner = await openDatabase({ databaseUrl: ownerUrl.toString() });
  let day: Awaited<ReturnType<typeof fillClinicDay>>;
  try {
    await runMigrations(owner);
    console.log(
      `Seeding a clinic of ${PATIENTS.toLocaleString()} patients, ${THERAPISTS} therapists and ${PATIENT_ACCOUNTS.toLocaleString()} patient accounts…`,
    );
    const started = performance.now();
    day = await fillClinicDay(owner, ownerUrl.toString(), {
      patients: PATIENTS,
      therapists: THERAPISTS,
      patientAccounts: PATIENT_ACCOUNTS,
    });
    storageDir = day.storageDir;
    console.log(`…done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await createApplicationRole(owner.db, APP_ROLE);
    await grantApplicationRole(owner.db, APP_ROLE);
  } finally {
    await owner.close();
  }

  // Production settings, logging at info as production does, into bench/.logs rather than a terminal.
  mkdirSync(join(benchDir, '.logs'), { recursive: true });
  const log = createWriteStream(join(benchDir, '.logs', 'capacity-cluster.log'));
  cluster = await startCluster({
    nodes: 2,
    dataDir: day.storageDir,
    nodeFlags: ['--max-semi-space-size=64'],
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: appUrl.toString(),
      DATABASE_MIGRATION_URL: ownerUrl.toString(),
      REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `rehabit-bench-capacity-${process.pid}`,
      APP_SECRET: randomBytes(36).toString('base64url'),
      VIDEO_SIGNING_SECRET: randomBytes(36).toString('base64url'),
      WEB_DIST: '/nonexistent',
    },
    onOutput: (source, line) => log.write(`[${source}] ${line}\n`),
  });
  await waitForVideoProcessing(ownerUrl.toString());
  const running = cluster;

  const postgres = (which: 'ours' | 'background') => async () => {
    const { rows } = await admin.query<{ pid: number }>(
      which === 'ours'
        ? 'select pid from pg_stat_activity where datname = $1'
        : `select pid from pg_stat_activity where backend_type <> 'client backend' and $1::text is not null`,
      [name],
    );
    return rows.map((r) => r.pid);
  };
  const watched: Watched[] = [
    { label: 'node1', pids: () => [running.pid('node1')].filter((p) => p !== undefined) },
    { label: 'node2', pids: () => [running.pid('node2')].filter((p) => p !== undefined) },
    { label: 'HAProxy', pids: () => [running.pid('haproxy')].filter((p) => p !== undefined) },
    { label: 'PostgreSQL (this database)', pids: postgres('ours') },
    { label: 'PostgreSQL (background)', pids: postgres('background') },
    { label: 'Redis', pids: () => pidsNamed('redis-server') },
    { label: 'bench runner (logs)', pids: () => [process.pid] },
  ];

  console.log(
    `\n${ROUNDS} rounds; steps of ${STEPS.join(', ')} people (${Math.round(THERAPIST_SHARE * 100)}% therapists), ${SETTLE_SECONDS} s to settle and ${STEP_SECONDS} s measured each; goal p95 ≤ ${P95_LIMIT_MS} ms and no error`,
  );
  const ramps: { nodes: 1 | 2; round: number; steps: StepResult[] }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // The order alternates round by round, so neither topology always runs second, on warmer processes and a
    // database grown by the ramp before it.
    for (const nodes of round % 2 ? ([1, 2] as const) : ([2, 1] as const)) {
      // One node: the second drained (sent nothing new by the proxy), so both topologies run the same warm
      // processes behind the same proxy and only the nodes in rotation differ; its idle CPU is still measured.
      await running.setAdminState('node2', nodes === 1 ? 'drain' : 'ready');
      await running.waitState('node2', nodes === 1 ? 'DRAIN' : 'UP');
      console.log(`\nround ${round}/${ROUNDS}: ${nodes} node${nodes > 1 ? 's' : ''} behind HAProxy`);
      const steps = await ramp({
        label: `round ${round}, ${nodes} node${nodes > 1 ? 's' : ''}`,
        origin: running.url,
        steps: STEPS,
        therapistShare: THERAPIST_SHARE,
        therapists: day.therapists,
        patients: day.patients,
        settleSeconds: SETTLE_SECONDS,
        stepSeconds: STEP_SECONDS,
        p95LimitMs: P95_LIMIT_MS,
        watched,
      });
      ramps.push({ nodes, round, steps });
      console.log(`  → capacity ${capacityOf(steps)} people`);
    }
  }

  const one = spread(ramps.filter((r) => r.nodes === 1).map((r) => capacityOf(r.steps)));
  const two = spread(ramps.filter((r) => r.nodes === 2).map((r) => capacityOf(r.steps)));
  // Rounds where one node carried nobody have no ratio; the ratio of the medians is the one reported.
  const ratio = one.median > 0 ? two.median / one.median : Number.NaN;
  const roundRatios = ramps
    .filter((r) => r.nodes === 2)
    .map((r) => capacityOf(r.steps) / capacityOf(ramps.find((o) => o.nodes === 1 && o.round === r.round)!.steps))
    .filter(Number.isFinite);
  const ratios = { ratio, rounds: roundRatios };
  // A topology that met the goal at the top step in every round has a capacity of that step or more.
  const atLeast = (s: { min: number }) => (s.min === Math.max(...STEPS) ? '≥ ' : '');
  console.log(
    `\ncapacity, median (min–max) of ${ROUNDS} rounds: 1 node ${one.median} (${one.min}–${one.max}), 2 nodes ${two.median} (${two.min}–${two.max}), ratio ${ratio.toFixed(2)} (rounds ${roundRatios.map((r) => r.toFixed(2)).join(', ')})`,
  );
  const setting = {
    patients: PATIENTS,
    therapists: THERAPISTS,
    share: THERAPIST_SHARE,
    rounds: ROUNDS,
    steps: STEPS,
    stepSeconds: STEP_SECONDS,
    settleSeconds: SETTLE_SECONDS,
    p95Limit: P95_LIMIT_MS,
  };
  saveResult({
    name: 'capacity',
    command: 'npm run bench:capacity',
    goals: [
      {
        what: `clinic day, 1 node behind HAProxy: most people on line with p95 ≤ ${P95_LIMIT_MS} ms, no error`,
        goal: 'reported',
        measured: `${atLeast(one)}${one.median} (rounds ${one.min}–${one.max})`,
        met: one.median > 0,
      },
      {
        what: `clinic day, 2 nodes behind HAProxy: most people on line with p95 ≤ ${P95_LIMIT_MS} ms, no error`,
        goal: 'reported',
        measured: `${atLeast(two)}${two.median} (rounds ${two.min}–${two.max}), ${atLeast(two)}${ratio.toFixed(2)}× one node`,
        met: two.median > 0,
      },
    ],
    markdown: markdown(setting, ramps, { one, two, ratios }),
  });
} finally {
  await cluster?.stop().catch(() => {});
  await drop();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
}
