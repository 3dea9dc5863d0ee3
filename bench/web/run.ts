/**
 * What a first-time visitor downloads: each side's first route (/login, /patient/login) opened in Chromium with an
 * empty cache against the real server (built web app, production settings, embedded database), every file it
 * fetched counted. Two sides in alternating rounds: the browser asking for the files uncompressed
 * (`accept-encoding: identity`, what every visitor got before the server compressed anything) and as browsers do
 * (brotli). Also the first route's JavaScript gzipped against the 170 KB budget, as `npm run check:bundle` holds it.
 *
 *   npm run bench:web            (BENCH_ROUNDS=3)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type LoadedFile, launchChromium, loadPage } from '../../apps/web/scripts/first-route.mjs';
import { repoRoot, startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { spread } from '../lib/rounds.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 170);
const routes = ['/login', '/patient/login'];
const dist = join(repoRoot, 'apps/web/dist');

execFileSync(process.execPath, ['scripts/build-if-changed.mjs', 'web'], { cwd: repoRoot, stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'rehabit-bench-web-'));
const server = await startServer({
  label: 'web',
  script: 'apps/api/src/server.ts',
  nodeArgs: ['--max-semi-space-size=64', '--import', 'tsx'],
  env: {
    DATA_DIR: dataDir,
    WEB_DIST: dist,
    HOST: '127.0.0.1',
    PUBLIC_URL: 'https://portal.example.org',
    APP_SECRET: 'a-benchmark-secret-of-forty-characters-xx',
    VIDEO_SIGNING_SECRET: 'another-benchmark-secret-of-forty-chars',
  },
  readyPath: '/health',
});
const browser = await launchChromium();

const kb = (bytes: number) => bytes / 1000;
const total = (files: LoadedFile[], key: 'wireBytes' | 'bodyBytes') => files.reduce((sum, f) => sum + f[key], 0);
const sides = [
  { label: 'uncompressed (accept-encoding: identity)', headers: { 'accept-encoding': 'identity' } },
  { label: 'served (as Chromium asks: br)', headers: undefined },
];
type Round = { wireKb: number; bodyKb: number; files: number; ms: number; encodings: string };
const measured = new Map<string, Round[]>();

try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const route of routes) {
      for (const side of sides) {
        const started = performance.now();
        const files = await loadPage(browser, `${server.url}${route}`, { extraHTTPHeaders: side.headers });
        const ms = performance.now() - started;
        const encodings = [...new Set(files.map((f) => f.encoding))].sort().join('+');
        const r = {
          wireKb: kb(total(files, 'wireBytes')),
          bodyKb: kb(total(files, 'bodyBytes')),
          files: files.length,
          ms,
          encodings,
        };
        const key = `${route} ${side.label}`;
        measured.set(key, [...(measured.get(key) ?? []), r]);
        console.log(
          `  round ${round}/${ROUNDS}  ${key.padEnd(58)} ${r.wireKb.toFixed(1).padStart(7)} KB on the wire (${r.bodyKb.toFixed(1)} KB decoded, ${r.files} files, ${r.encodings}), ${ms.toFixed(0)} ms`,
        );
      }
    }
  }

  // The first route's JavaScript, gzipped from the build as the budget counts it.
  const firstRouteJs = new Map<string, { files: number; kb: number }>();
  for (const route of routes) {
    const files = await loadPage(browser, `${server.url}${route}`);
    const js = [...new Set(files.filter((f) => f.path.endsWith('.js')).map((f) => f.path))];
    const gz = js.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
    firstRouteJs.set(route, { files: js.length, kb: kb(gz) });
  }

  const lines = [
    '| route | side | on the wire, KB median (min–max) | decoded KB | files | load ms median |',
    '|---|---|---|---|---|---|',
  ];
  const goals = [];
  console.log(`\n  ${'route and side'.padEnd(58)} KB on the wire median (min–max)`);
  for (const route of routes) {
    const [plain, served] = sides.map((side) => measured.get(`${route} ${side.label}`)!);
    for (const [side, rounds] of [
      [sides[0]!, plain!],
      [sides[1]!, served!],
    ] as const) {
      const wire = spread(rounds.map((r) => r.wireKb));
      const show = `${wire.median.toFixed(1)} (${wire.min.toFixed(1)}–${wire.max.toFixed(1)})`;
      console.log(`  ${`${route} ${side.label}`.padEnd(58)} ${show}`);
      lines.push(
        `| ${route} | ${side.label} | ${show} | ${spread(rounds.map((r) => r.bodyKb)).median.toFixed(1)} | ${rounds[0]!.files} | ${spread(rounds.map((r) => r.ms)).median.toFixed(0)} |`,
      );
    }
    const ratio = spread(served!.map((r, i) => r.wireKb / plain![i]!.wireKb));
    console.log(
      `  ${route}: served / uncompressed ${(ratio.median * 100).toFixed(0)}% (${(ratio.min * 100).toFixed(0)}–${(ratio.max * 100).toFixed(0)}%)`,
    );
    goals.push({
      what: `${route}: bytes on the wire, served (br) vs uncompressed`,
      goal: '≤ 40%',
      measured: `${spread(served!.map((r) => r.wireKb)).median.toFixed(0)} KB vs ${spread(plain!.map((r) => r.wireKb)).median.toFixed(0)} KB (${(ratio.median * 100).toFixed(0)}%)`,
      met: ratio.median <= 0.4,
    });
    const js = firstRouteJs.get(route)!;
    console.log(
      `  ${route}: first-route JavaScript ${js.kb.toFixed(1)} KB gzipped in ${js.files} files (budget ${BUDGET_KB} KB)`,
    );
    goals.push({
      what: `${route}: first-route JavaScript, gzipped, lazy chunks included`,
      goal: `≤ ${BUDGET_KB} KB`,
      measured: `${js.kb.toFixed(1)} KB in ${js.files} files`,
      met: js.kb <= BUDGET_KB,
    });
  }

  saveResult({
    name: 'web',
    command: 'npm run bench:web',
    goals,
    markdown: [
      `Each first route opened in Chromium with an empty cache against the real server (production settings, built web app), ${ROUNDS} alternating rounds per side; bytes on the wire are bodies and headers of every response.`,
      '',
      ...lines,
    ].join('\n'),
  });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
