/**
 * Start-up and memory on the embedded database, in a temporary DATA_DIR, with production settings. A start is
 * timed as `npm start` runs it (the build check, then the server) until /health answers. Two sides in alternating
 * rounds, each a second start on the same database:
 *   - before: the web app built at every start (into a temporary folder) and the server compiled by tsx at load,
 *     (both with the embedded database's 16 MB buffer cache; decision 1117 measures what it saves);
 *   - now: `node scripts/build-if-changed.mjs` (nothing changed: no build) and the compiled apps/api/dist/server.js.
 * The first start (a fresh database: migrations and reference data) is timed once. Resident memory is read after
 * each start and after a short load (pages, a hashed file, the API's documentation, health).
 *
 *   npm run bench:startup        (BENCH_ROUNDS=3, BENCH_LOAD_SECONDS=10)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from '../lib/load.ts';
import { repoRoot, startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { spread } from '../lib/rounds.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const START_GOAL_S = 5;
const RSS_GOAL_MB = 400;

const work = mkdtempSync(join(tmpdir(), 'rehabit-bench-startup-'));
const dataDir = join(work, 'data');
const oldWebDist = join(work, 'web');
const env = {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PUBLIC_URL: 'https://portal.example.org',
  APP_SECRET: 'a-benchmark-secret-of-forty-characters-xx',
  VIDEO_SIGNING_SECRET: 'another-benchmark-secret-of-forty-chars',
};
const node = (args: string[], cwd = repoRoot) => execFileSync(process.execPath, args, { cwd, stdio: 'ignore' });

type Start = { seconds: number; rssMb: number; loadedRssMb: number };

/** One start: `prepare` (the build step), then the server until /health answers; memory after it and after load. */
async function start(
  label: string,
  prepare: () => void,
  server: { script: string; nodeArgs: string[]; env?: Record<string, string> },
): Promise<Start> {
  const started = performance.now();
  prepare();
  const running = await startServer({
    label: `startup-${label}`,
    ...server,
    env: { ...env, ...server.env },
    readyPath: '/health',
  });
  const seconds = (performance.now() - started) / 1000;
  const rssMb = running.rssMb();
  const asset = readdirSync(join(repoRoot, 'apps/web/dist/assets')).find((f) => /^index-.*\.js$/.test(f));
  await runLoad({
    label,
    baseUrl: running.url,
    paths: ['/health', '/docs/json', ...(asset ? [`/assets/${asset}`] : [])],
    headers: { 'accept-encoding': 'br, gzip', accept: 'application/json' },
    connections: 8,
    seconds: LOAD_SECONDS,
  });
  const loadedRssMb = running.rssMb();
  await running.stop();
  return { seconds, rssMb, loadedRssMb };
}

const sides = {
  before: {
    label: 'before: web built at every start, tsx',
    run: () =>
      start(
        'before',
        () =>
          node(
            [
              join(repoRoot, 'node_modules/vite/bin/vite.js'),
              'build',
              '--logLevel',
              'silent',
              '--outDir',
              oldWebDist,
              '--emptyOutDir',
            ],
            join(repoRoot, 'apps/web'),
          ),
        {
          script: 'apps/api/src/server.ts',
          nodeArgs: ['--max-semi-space-size=64', '--import', 'tsx'],
          env: { WEB_DIST: oldWebDist },
        },
      ),
  },
  now: {
    label: 'now: build skipped, compiled server',
    run: () =>
      start('now', () => node(['scripts/build-if-changed.mjs']), {
        script: 'apps/api/dist/server.js',
        // As `npm start` runs it on the embedded database: V8's default young generation (decision 1117).
        nodeArgs: [],
      }),
  },
};

const show = (values: number[], digits: number) => {
  const s = spread(values);
  return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
};
const print = (label: string, s: Start) =>
  console.log(
    `  ${label.padEnd(58)} ${s.seconds.toFixed(1).padStart(5)} s  rss ${s.rssMb} MB, after load ${s.loadedRssMb} MB`,
  );

try {
  // The builds are made up front, so the first start measures the fresh database, not a changed source.
  node(['scripts/build-if-changed.mjs']);
  const first = await sides.now.run();
  print('first start (fresh database, builds up to date)', first);
  const results = { before: [] as Start[], now: [] as Start[] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const key of ['before', 'now'] as const) {
      const r = await sides[key].run();
      results[key].push(r);
      print(`round ${round}/${ROUNDS} ${sides[key].label}`, r);
    }
  }
  const lines = ['| side | second start, s | RSS after start, MB | RSS after load, MB |', '|---|---|---|---|'];
  console.log(`\n  ${'side'.padEnd(58)} start s / rss MB / after load MB, median (min–max)`);
  for (const key of ['before', 'now'] as const) {
    const rs = results[key];
    const cells = [
      show(
        rs.map((r) => r.seconds),
        1,
      ),
      show(
        rs.map((r) => r.rssMb),
        0,
      ),
      show(
        rs.map((r) => r.loadedRssMb),
        0,
      ),
    ];
    console.log(`  ${sides[key].label.padEnd(58)} ${cells.join(' / ')}`);
    lines.push(`| ${sides[key].label} | ${cells.join(' | ')} |`);
  }
  lines.push(
    `| first start of now (fresh database) | ${first.seconds.toFixed(1)} | ${first.rssMb} | ${first.loadedRssMb} |`,
  );
  const ratio = spread(results.now.map((r, i) => r.seconds / results.before[i]!.seconds));
  console.log(
    `  second start, now / before: ${(ratio.median * 100).toFixed(0)}% (${(ratio.min * 100).toFixed(0)}–${(ratio.max * 100).toFixed(0)}%)`,
  );
  const now = {
    seconds: spread(results.now.map((r) => r.seconds)).median,
    rss: spread(results.now.map((r) => r.loadedRssMb)).median,
  };
  const before = {
    seconds: spread(results.before.map((r) => r.seconds)).median,
    rss: spread(results.before.map((r) => r.loadedRssMb)).median,
  };
  saveResult({
    name: 'startup',
    command: 'npm run bench:startup',
    goals: [
      {
        what: 'second `npm start` on the embedded database, until /health answers',
        goal: `≤ ${START_GOAL_S} s`,
        measured: `${now.seconds.toFixed(1)} s (before: ${before.seconds.toFixed(1)} s; ${(ratio.median * 100).toFixed(0)}%)`,
        met: now.seconds <= START_GOAL_S,
      },
      {
        what: 'server RSS on the embedded database after a short load',
        goal: `≤ ${RSS_GOAL_MB} MB`,
        measured: `${now.rss.toFixed(0)} MB (before: ${before.rss.toFixed(0)} MB)`,
        met: now.rss <= RSS_GOAL_MB,
      },
    ],
    markdown: [
      `Production settings, embedded database in a temporary DATA_DIR, ${ROUNDS} alternating rounds of a second start per side, ${LOAD_SECONDS} s of load (8 connections) before the second memory reading. The build check and the server are timed; npm's own start (about half a second) is not.`,
      '',
      ...lines,
    ].join('\n'),
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
