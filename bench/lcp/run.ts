/**
 * Largest Contentful Paint of the first screens, as a phone with a slow CPU sees them: the built web app served by
 * the real API server (its own process, embedded database in a throw-away DATA_DIR, demo data), Debian's Chromium
 * at 390×844 with the CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`), a cold cache for every load (a new
 * browser context each time). Signed-in pages reuse a session made once (cache cold, session warm).
 * Pages alternate within each round (login, patients, a patient's dashboard, the patient's Today), every load is
 * printed, then each page's median, min and max. Also reports the JavaScript each page loaded, gzipped.
 * Goal: LCP ≤ 2.5 s for /patients, the patient dashboard and /my/today (/login reported).
 *
 *   npm run bench:lcp
 *   BENCH_ROUNDS=9 BENCH_CPU_SLOWDOWN=6 npm run bench:lcp
 *   BENCH_LCP_BASELINE_DIST=/tmp/old-dist npm run bench:lcp   # also an earlier build, side by side (own server)
 *
 * The server runs with NODE_ENV=development because production refuses demo mode (known passwords, an open outbox);
 * nothing else on the paths measured here depends on it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import { repoRoot, type ServerProcess, startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { type Spread, showSpread, spread } from '../lib/rounds.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const GOAL_MS = 2500;
const TOKEN_KEY = 'rehabit.access_token';
const password = 'rehabit-demo-1';

type Load = { lcpMs: number; fcpMs: number; element: string; jsGzKb: number; jsFiles: number; url: string };
type PageSpec = {
  label: string;
  path: (side: Side) => string;
  session: 'none' | 'staff' | 'patient';
  ready: string;
  goal: boolean;
};

const webDist = mkdtempSync(join(tmpdir(), 'rehabit-lcp-web-'));
const dataDirs: string[] = [];

console.log('Building the web app…');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'], {
  cwd: join(repoRoot, 'apps/web'),
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('the web build failed');

type Side = { label: string; server: ServerProcess; patientId: number; sessions: Record<PageSpec['session'], State> };
type State = BrowserContextOptions['storageState'];

/** The real API server serving one build of the web app, on a fresh embedded database with the demo data. */
async function startSide(label: string, dist: string): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rehabit-lcp-data-'));
  dataDirs.push(dataDir);
  console.log(`Starting the API server for ${label} with demo data (the first start seeds it)…`);
  const server = await startServer({
    label: `lcp-api-${label}`,
    script: 'apps/api/src/server.ts',
    nodeArgs: ['--max-semi-space-size=64', '--import', 'tsx'],
    env: { NODE_ENV: 'development', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: 'true', WEB_DIST: dist },
    readyPath: '/health',
    // The first start seeds months of demo history, which takes minutes on a busy machine.
    timeoutMs: 600_000,
  });
  const staffToken = await signIn(server, '/clinic/therapist/signin', { email: 'therapist@example.com', password });
  const patientToken = await signIn(server, '/api/v1/patient/signin/', { email: 'patient@example.com', password });
  return {
    label,
    server,
    patientId: await demoPatientId(server, staffToken),
    sessions: {
      none: undefined,
      staff: await storageState(server, staffToken),
      patient: await storageState(server, patientToken),
    },
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const sides: Side[] = [];

try {
  sides.push(await startSide('this build', webDist));
  const baselineDist = process.env.BENCH_LCP_BASELINE_DIST;
  if (baselineDist) sides.push(await startSide('baseline', baselineDist));

  const pages: PageSpec[] = [
    { label: '/login', path: () => '/login', session: 'none', ready: 'button[type=submit]', goal: false },
    { label: '/patients', path: () => '/patients', session: 'staff', ready: 'a[href$="/dashboard"]', goal: true },
    {
      label: 'patient dashboard',
      path: (side) => `/patient/${side.patientId}/dashboard`,
      session: 'staff',
      ready: 'main h1',
      goal: true,
    },
    { label: '/my/today', path: () => '/my/today', session: 'patient', ready: 'main h1', goal: true },
  ];
  const runs = pages.flatMap((spec) => sides.map((side) => ({ spec, side, loads: [] as Load[] })));
  const name = (run: (typeof runs)[number]) =>
    sides.length > 1 ? `${run.spec.label}, ${run.side.label}` : run.spec.label;

  // One load of each first, unmeasured: the servers' own caches (and the OS's file cache) warm up.
  for (const run of runs) await measure(run.side, run.spec);

  for (let round = 1; round <= ROUNDS; round++) {
    for (const run of runs) {
      const load = await measure(run.side, run.spec);
      run.loads.push(load);
      console.log(
        `  round ${round}/${ROUNDS}  ${name(run).padEnd(30)} LCP ${String(Math.round(load.lcpMs)).padStart(5)} ms` +
          `  FCP ${String(Math.round(load.fcpMs)).padStart(5)} ms  JS ${load.jsGzKb.toFixed(1)} kB gz in ${load.jsFiles} files` +
          `  (${load.element})`,
      );
    }
  }

  const summaries = runs.map((run) => ({
    ...run,
    label: name(run),
    lcp: spread(run.loads.map((l) => l.lcpMs)),
    fcp: spread(run.loads.map((l) => l.fcpMs)),
    js: run.loads[0]!,
  }));
  const secs = (s: Spread) =>
    `${(s.median / 1000).toFixed(2)} s (${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)})`;
  console.log(`\n  ${'page'.padEnd(30)} ${'LCP median (min–max)'.padEnd(26)} ${'FCP median'.padEnd(12)} JS gz`);
  for (const s of summaries) {
    console.log(
      `  ${s.label.padEnd(30)} ${secs(s.lcp).padEnd(26)} ${`${showSpread(s.fcp)} ms`.padEnd(12)} ` +
        `${s.js.jsGzKb.toFixed(1)} kB in ${s.js.jsFiles} files`,
    );
  }

  const table = [
    '| page | LCP median (min–max) | FCP median ms | JS loaded, gzipped | largest element |',
    '|---|---|---|---|---|',
    ...summaries.map(
      (s) =>
        `| ${s.label} | ${secs(s.lcp)} | ${Math.round(s.fcp.median)} | ${s.js.jsGzKb.toFixed(1)} kB in ${s.js.jsFiles} files | ${s.js.element} |`,
    ),
  ];
  saveResult({
    name: 'lcp',
    command: 'npm run bench:lcp',
    goals: summaries
      .filter((s) => s.side === sides[0])
      .map((s) => ({
        what: `LCP ${s.spec.label}, 390 px, CPU ${CPU_SLOWDOWN}× slower, cold cache`,
        goal: s.spec.goal ? `≤ ${GOAL_MS / 1000} s` : 'reported',
        measured: `${secs(s.lcp)}, ${s.js.jsGzKb.toFixed(1)} kB JS gz`,
        met: !s.spec.goal || s.lcp.median <= GOAL_MS,
      })),
    markdown: [
      'The built web app served by the real API server (embedded database, demo data), Debian Chromium at 390×844,',
      `CPU ${CPU_SLOWDOWN}× slower, a new browser context (cold cache) for every load; signed-in pages reuse one session.`,
      `${ROUNDS} rounds, the pages alternating within each round; every load is printed by the run.`,
      '',
      ...table,
    ].join('\n'),
  });
} finally {
  await browser.close();
  for (const side of sides) await side.server.stop();
  rmSync(webDist, { recursive: true, force: true });
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

/** A session token from the sign-in the web app itself calls. */
async function signIn(server: ServerProcess, path: string, body: object): Promise<string> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sign-in at ${path} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The demo patient with months of history (Ashley Perez), as the therapist's list finds her. */
async function demoPatientId(server: ServerProcess, token: string): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/patients/?search=perez`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { results } = (await res.json()) as { results: { id: number; display_name?: string }[] };
  if (!results[0]) throw new Error('the demo clinic has no patient named Perez');
  return results[0].id;
}

/** The browser storage of a signed-in tab (the token the web app keeps), saved once and given to every context. */
async function storageState(server: ServerProcess, token: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/favicon.svg`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function measure(side: Side, spec: PageSpec): Promise<Load> {
  const { server } = side;
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: side.sessions[spec.session],
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response
          .body()
          .then((body) => gzipSync(body, { level: 9 }).length)
          .catch(() => 0),
      );
    });
    await page.addInitScript(observeLcp);
    const path = spec.path(side);
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForSelector(spec.ready, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await settle(page);
    const endedOn = new URL(page.url()).pathname;
    if (endedOn !== path) throw new Error(`${spec.label} ended on ${endedOn}`);
    const seen = await page.evaluate(() => (window as unknown as { __lcp: LcpSeen }).__lcp);
    const sizes = await Promise.all(scripts);
    return {
      lcpMs: seen.lcp,
      fcpMs: seen.fcp,
      element: seen.element,
      jsGzKb: sizes.reduce((a, b) => a + b, 0) / 1000,
      jsFiles: sizes.length,
      url: page.url(),
    };
  } finally {
    await context.close();
  }
}

type LcpSeen = { lcp: number; fcp: number; element: string; changedAt: number };

/** Waits until no larger paint has come for a second (the page has drawn its content). */
async function settle(page: Page) {
  for (let i = 0; i < 30; i++) {
    const changedAt = await page.evaluate(() => (window as unknown as { __lcp: LcpSeen }).__lcp.changedAt);
    const now = await page.evaluate(() => performance.now());
    if (now - changedAt > 1000) return;
    await page.waitForTimeout(250);
  }
}

/** Runs in the page before its own scripts: records the latest LCP candidate and the first contentful paint. */
function observeLcp() {
  const seen: LcpSeen = { lcp: 0, fcp: 0, element: '', changedAt: 0 };
  (window as unknown as { __lcp: LcpSeen }).__lcp = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      seen.lcp = entry.startTime;
      seen.changedAt = performance.now();
      const el = entry.element;
      const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      seen.element = el
        ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${text}"`
        : '?';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}
