/**
 * Patient search and the patient list under load: 100k patients in one clinic among 1M in all, on PostgreSQL.
 * The real API server runs in a process of its own (production mode, logging at info, as the application's
 * database role), beside a bare Fastify route in another; the load client runs in a third. Every search term and
 * list page is its own side, measured in alternating rounds with the bare route. Goals: search p95 ≤ 50 ms for every
 * term (the worst one is reported), list pages p95 ≤ 50 ms.
 *
 *   npm run bench:patient-search
 *   BENCH_TOTAL_PATIENTS=200000 BENCH_CLINIC_PATIENTS=20000 BENCH_SECONDS=3 BENCH_ROUNDS=5 npm run bench:patient-search
 *   BENCH_API_DIR=/path/to/other/checkout/apps/api …   the same measurement of another checkout's server
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { type LoadResult, printTable, runLoad, timeDirect } from '../lib/load.ts';
import { repoRoot, startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { alternateRounds, rpsRatio, type Side, type SideSummary, showSpread } from '../lib/rounds.ts';
import { fillPatients, signedInTherapist } from './data.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.BENCH_TOTAL_PATIENTS ?? 1_000_000);
const IN_CLINIC = Number(process.env.BENCH_CLINIC_PATIENTS ?? TOTAL / 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// A busy clinic: four staff searching at the same moment, on the same two cores as the database.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const apiDir = resolve(repoRoot, process.env.BENCH_API_DIR ?? 'apps/api');
const GOAL_MS = 50;

// The hard ones: common and late-alphabet surnames (thousands of matches after most of the name index), word
// prefixes of one and two letters, a domain and a phone prefix every patient has, then narrower searches.
const terms = [
  'young',
  'zimmerman',
  'smith',
  'williams',
  'garcia',
  'lee',
  'ma',
  'zi',
  'example.net',
  '555',
  'mar',
  'maria smith',
  'zoe young',
  'patient12340@example.net',
  '5550012340',
  '1950-01-01',
  'zzq',
];
// First, middle and last page within the cap of 1,000 patients.
const pages = [1, 20, 40];

const name = `rehabit_bench_search_${process.pid}`;
const appRole = `rehabit_bench_app_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = (user?: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (user) url.username = user;
  return url.toString();
};
const dataDir = mkdtempSync(join(tmpdir(), 'rehabit-bench-search-'));
const stops: (() => Promise<void>)[] = [];

try {
  // The schema of the server under test (another checkout's with BENCH_API_DIR), then the data.
  const { openDatabase } = await import(join(apiDir, 'src/db/client.ts'));
  const { runMigrations } = await import(join(apiDir, 'src/db/migrate.ts'));
  const owner = await openDatabase({ databaseUrl: dbUrl() });
  await runMigrations(owner);
  await owner.close();
  console.log(`Filling ${TOTAL.toLocaleString()} patients (${IN_CLINIC.toLocaleString()} in the measured clinic)…`);
  const started = performance.now();
  const clinicId = await fillPatients(dbUrl(), TOTAL, IN_CLINIC);
  console.log(`…done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const token = await signedInTherapist(dbUrl(), clinicId);
  // Production refuses to run as a role that can change the audit log: the server signs in as one that cannot.
  await admin.query(`create role ${appRole} login`);

  const api = await startServer({
    label: 'patient-search-api',
    script: join(apiDir, 'src/server.ts'),
    nodeArgs: ['--max-semi-space-size=64', '--import', 'tsx'],
    env: {
      DATABASE_URL: dbUrl(appRole),
      DATABASE_MIGRATION_URL: dbUrl(),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      APP_SECRET: randomBytes(32).toString('base64url'),
      VIDEO_SIGNING_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
    },
    readyPath: '/ready',
  });
  stops.push(api.stop);
  const bare = await startServer({
    label: 'patient-search-bare',
    script: 'bench/lib/bare-server.ts',
    nodeArgs: ['--import', 'tsx'],
    readyPath: '/health',
  });
  stops.push(bare.stop);

  const headers = { authorization: `Bearer ${token}` };
  const load = (label: string, baseUrl: string, path: string, withHeaders = true) =>
    runLoad({
      label,
      baseUrl,
      paths: [path],
      headers: withHeaders ? headers : undefined,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
  const searchPath = (term: string) => `/api/v1/patients/?search=${encodeURIComponent(term)}`;
  const pagePath = (page: number) => `/api/v1/patients/?page=${page}`;

  // What each side answers, once, so the figures are read beside what they measured.
  const answers = new Map<string, string>();
  const probes: [string, string][] = [
    ...terms.map((t): [string, string] => [`"${t}"`, searchPath(t)]),
    ...pages.map((p): [string, string] => [`page ${p}`, pagePath(p)]),
  ];
  for (const [label, path] of probes) {
    const res = await fetch(`${api.url}${path}`, { headers });
    if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { count: number; count_capped: boolean; results: unknown[] };
    answers.set(label, `${body.count}${body.count_capped ? '+' : ''} found, ${body.results.length} on the page`);
  }
  // Warm the server's statements and the database's caches.
  await runLoad({
    label: 'warm-up',
    baseUrl: api.url,
    paths: [...terms.map(searchPath), ...pages.map(pagePath)],
    headers,
    connections: CONNECTIONS,
    seconds: 3,
  });

  const sides: Side[] = [
    { label: 'bare route', measure: () => load('bare route', bare.url, '/bare', false) },
    ...terms.map((t) => ({ label: `search "${t}"`, measure: () => load(`search "${t}"`, api.url, searchPath(t)) })),
    ...pages.map((p) => ({ label: `list page ${p}`, measure: () => load(`list page ${p}`, api.url, pagePath(p)) })),
  ];
  console.log(
    `\n${ROUNDS} rounds of ${sides.length} sides, ${SECONDS} s each, ${CONNECTIONS} connections; p95 per side in ms`,
  );
  const summaries = await alternateRounds(sides, ROUNDS);
  const [bareSummary, ...measured] = summaries as [SideSummary, ...SideSummary[]];
  const searches = measured.slice(0, terms.length);
  const lists = measured.slice(terms.length);
  const worst = (of: SideSummary[]) => of.reduce((a, b) => (b.p95.median > a.p95.median ? b : a));
  const worstSearch = worst(searches);
  const worstList = worst(lists);

  // The same query called directly, one caller at a time: the database's share of each answer.
  const direct = await directTimes(clinicId);
  printTable(direct);

  const row = (s: SideSummary, i: number, answer = '') =>
    `| ${s.label} | ${showSpread(s.p95, 1)} | ${showSpread(s.p50, 1)} | ${showSpread(s.rps)} | ${showSpread(rpsRatio(s, bareSummary), 3)} | ${direct[i]?.p95 ?? ''} | ${answer} |`;
  const markdown = [
    `${TOTAL.toLocaleString()} patients, ${IN_CLINIC.toLocaleString()} in the measured clinic; the API server (production, logging at info) and a bare Fastify route each in a process of their own, the load client in a third; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s per side. Figures: median (min–max) over the rounds; "SQL alone": the repository's list called directly, one call at a time.`,
    '',
    '| side | p95 ms | p50 ms | req/s | req/s ÷ bare | SQL alone p95 ms | answer |',
    '|---|---|---|---|---|---|---|',
    row(bareSummary, -1),
    ...searches.map((s, i) => row(s, i, answers.get(`"${terms[i]}"`))),
    ...lists.map((s, i) => row(s, terms.length + i, answers.get(`page ${pages[i]}`))),
  ].join('\n');
  console.log(`\n${markdown}`);

  saveResult({
    name: 'patient-search',
    command: 'npm run bench:patient-search',
    goals: [
      {
        what: `search p95, worst of ${terms.length} terms (${IN_CLINIC.toLocaleString()} patients in one clinic among ${TOTAL.toLocaleString()})`,
        goal: `≤ ${GOAL_MS} ms`,
        measured: `${worstSearch.p95.median.toFixed(1)} ms (${worstSearch.label})`,
        met: worstSearch.p95.median <= GOAL_MS,
      },
      {
        what: `patient list route p95, worst of pages ${pages.join(', ')}`,
        goal: `≤ ${GOAL_MS} ms`,
        measured: `${worstList.p95.median.toFixed(1)} ms (${worstList.label})`,
        met: worstList.p95.median <= GOAL_MS,
      },
    ],
    markdown,
  });
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`drop role if exists ${appRole}`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Each term and page through the server's own repository (BENCH_API_DIR's), in this process, for a second. */
async function directTimes(clinicId: number): Promise<LoadResult[]> {
  const { openDatabase } = await import(join(apiDir, 'src/db/client.ts'));
  const { createPatientsRepository } = await import(join(apiDir, 'src/modules/patients/patients.repository.ts'));
  const database = await openDatabase({ databaseUrl: dbUrl() });
  try {
    // The repository of one clinic, as a staff member's data access builds it (decision 1340).
    const repo = createPatientsRepository(database.db, { kind: 'clinic', clinicId });
    const results: LoadResult[] = [];
    for (const term of terms)
      results.push(
        await timeDirect(
          `SQL alone: "${term}"`,
          () => repo.list({ search: term, page: 1, page_size: 25 }, new Date()),
          1,
        ),
      );
    for (const page of pages)
      results.push(
        await timeDirect(`SQL alone: page ${page}`, () => repo.list({ page, page_size: 25 }, new Date()), 1),
      );
    return results;
  } finally {
    await database.close();
  }
}
