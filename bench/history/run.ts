/**
 * History that does not slow with age: the same four reads for a patient with a month of history and one with five
 * years (daily logs of every exercise, 100,000 chat messages, 100,000 unread by the clinic), on the real API server
 * in a process of its own (NODE_ENV=production, LOG_LEVEL=info) over PostgreSQL, the load client in another.
 * For each route the young and the old side alternate, round after round.
 * Goal: for each route, the old side's p50 and p95 (median of the rounds) within 1.5× of the young side's.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:history
 *   BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=4 BENCH_OLD_DAYS=1826 BENCH_OLD_MESSAGES=100000
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { runLoad } from '../lib/load.ts';
import { startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { alternateRounds, type SideSummary, showSpread } from '../lib/rounds.ts';
import { fillSide, type HistorySide } from './data.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// A clinic's busy moment: a few people reading at once, on the same two cores as the database.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const OLD_DAYS = Number(process.env.BENCH_OLD_DAYS ?? 5 * 365 + 1);
const OLD_MESSAGES = Number(process.env.BENCH_OLD_MESSAGES ?? 100_000);
const FLAT = 1.5;

const name = `rehabit_history_${process.pid}`;
const appRole = `rehabit_history_app_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
// The server runs as production requires: as a role that can only read and append the audit log (decision 0506).
await admin.query(`CREATE ROLE ${appRole} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
const ownerUrl = new URL(serverUrl);
ownerUrl.pathname = `/${name}`;
const appUrl = new URL(ownerUrl);
appUrl.username = appRole;
appUrl.password = '';

type Route = { what: string; path: (side: HistorySide) => string; token: (side: HistorySide) => string };
const routes: Route[] = [
  { what: "patient's today", path: () => '/api/v1/patient/program/today/', token: (s) => s.patientToken },
  {
    what: 'progress week (staff)',
    path: (s) => `/user/therapist/dashboard/progress/${s.patientId}`,
    token: (s) => s.staffToken,
  },
  {
    what: 'chat messages, newest page',
    path: (s) => `/chat/message?session=${s.sessionId}&page=1&page_size=25`,
    token: (s) => s.patientToken,
  },
  { what: 'chat sessions with unread counts', path: () => '/chat/therapist', token: (s) => s.staffToken },
];

let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const owner = new pg.Client({ connectionString: ownerUrl.toString() });
  await owner.connect();
  const migrating = await openDatabase({ databaseUrl: ownerUrl.toString() });
  await runMigrations(migrating);
  await migrating.close();
  console.log(`Filling a month and ${OLD_DAYS} days of history (${OLD_MESSAGES.toLocaleString()} messages)…`);
  const started = performance.now();
  const query = (text: string, values?: unknown[]) => owner.query(text, values);
  const young = await fillSide(query, { label: 'young', code: 'HYOUNG1', days: 30, messages: 20 });
  const old = await fillSide(query, { label: 'old', code: 'HOLD001', days: OLD_DAYS, messages: OLD_MESSAGES });
  await owner.query('VACUUM ANALYZE');
  await owner.end();
  console.log(`…done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const secret = () => randomBytes(36).toString('base64url');
  server = await startServer({
    label: 'history-api',
    script: 'apps/api/src/server.ts',
    nodeArgs: ['--max-semi-space-size=64', '--import', 'tsx'],
    env: {
      DATABASE_URL: appUrl.toString(),
      DATABASE_MIGRATION_URL: ownerUrl.toString(),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      APP_SECRET: secret(),
      VIDEO_SIGNING_SECRET: secret(),
    },
    readyPath: '/health',
  });
  const baseUrl = server.url;
  const load = (label: string, route: Route, side: HistorySide, seconds: number) =>
    runLoad({
      label,
      baseUrl,
      paths: [route.path(side)],
      headers: { authorization: `Bearer ${route.token(side)}` },
      connections: CONNECTIONS,
      seconds,
    });

  // Each route once on each side, so that no side pays for the first plans, caches and compilation.
  for (const route of routes) for (const side of [young, old]) await load('warm-up', route, side, 1);

  const results: { route: Route; young: SideSummary; old: SideSummary }[] = [];
  for (const route of routes) {
    console.log(`\n${route.what}`);
    const [y, o] = await alternateRounds(
      [young, old].map((side) => ({
        label: `${route.what}, ${side.label}`,
        measure: () => load(`${route.what} (${side.label})`, route, side, SECONDS),
      })),
      ROUNDS,
    );
    results.push({ route, young: y!, old: o! });
  }

  const ratio = (a: number, b: number) => a / b;
  const goals = results.map(({ route, young: y, old: o }) => {
    const p50 = ratio(o.p50.median, y.p50.median);
    const p95 = ratio(o.p95.median, y.p95.median);
    return {
      what: `${route.what}: 5 years vs 1 month`,
      goal: `old p50 and p95 ≤ ${FLAT}× young`,
      measured: `p50 ${p50.toFixed(2)}× (${o.p50.median} vs ${y.p50.median} ms), p95 ${p95.toFixed(2)}× (${o.p95.median} vs ${y.p95.median} ms)`,
      met: p50 <= FLAT && p95 <= FLAT,
    };
  });
  const rows = results.flatMap(({ route, young: y, old: o }) =>
    [y, o].map(
      (s, i) =>
        `| ${route.what} | ${i === 0 ? '1 month' : '5 years'} | ${showSpread(s.rps)} | ${showSpread(s.p50, 1)} | ${showSpread(s.p95, 1)} |`,
    ),
  );
  saveResult({
    name: 'history',
    command: 'npm run bench:history',
    goals,
    markdown: [
      `Two clinics with the same five-exercise program: a patient with 30 days of history, one with ${OLD_DAYS} days`,
      `(a log of every exercise every day, ${OLD_MESSAGES.toLocaleString()} chat messages unread by the therapist).`,
      `The API server in its own process (production, logging at info) on PostgreSQL, ${CONNECTIONS} connections from a`,
      `load client in another, ${ROUNDS} alternating rounds of ${SECONDS} s per side; median (min–max) of the rounds.`,
      '',
      '| route | history | req/s | p50 ms | p95 ms |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  });
} finally {
  await server?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`DROP ROLE IF EXISTS ${appRole}`);
  await admin.end();
}
