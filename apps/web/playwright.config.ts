import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './e2e/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// One fresh database per run: the server seeds the demo accounts on first start. Workers load this
// file again, so the directory is made once and handed down through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'rehabit-e2e-'));
// The run's own build of the web app, so a build elsewhere in the tree (another run, `npm run build`)
// never swaps the files under a server that is being tested. A caller that has just built the app (CI) names
// that build in E2E_WEB_DIST, and the journeys use it as it is.
const webBuildGiven = process.env.E2E_WEB_DIST !== undefined;
process.env.E2E_WEB_DIST ??= mkdtempSync(join(tmpdir(), 'rehabit-e2e-web-'));
const buildWeb = `npm run build -w @rehabit/web -- --outDir ${process.env.E2E_WEB_DIST} --emptyOutDir && `;

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: chromiumLaunch,
};

// Each journey runs on the layouts where its steps differ (decision 1390). The staff journeys below take the same steps
// at every width, so they run once, on the desktop layout; the staff screens at phone width are walked by the screens
// journey and by the journeys that take other steps there (lists as cards, filters behind a button). The patient's
// check-in and reminders journeys open their own phone and desktop windows, so one run covers them; so does the video
// visit's, between the therapist's desktop and a phone of its own.
const desktopOnlyJourneys = [
  'dashboard.spec.ts',
  'fhir-export.spec.ts',
  'fhir-record.spec.ts',
  'hep-requests.spec.ts',
  'program.spec.ts',
  'program-templates.spec.ts',
  'progress.spec.ts',
  'referral.spec.ts',
  'therapist-list.spec.ts',
  'video-visit.spec.ts',
];
const phoneOnlyJourneys = ['patient-measures.spec.ts', 'patient-reminders.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  // The journeys share one server and its database; one at a time keeps them independent of timing.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // The longest journeys (a patient's whole lifecycle, months of progress) take 50–60 s on a two-core machine running
  // an API suite beside them; the limit is there to stop a hang, not to time them.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL,
    // A trace records every step with pictures of the screen, which costs a journey about as much as its own work;
    // CI keeps one for the retry of a failed journey, locally every failure keeps its own (decision 1300).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Fades are skipped, as for people who ask for less motion, so checks never see a half-drawn screen.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
      testIgnore: phoneOnlyJourneys,
    },
    {
      name: 'phone',
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testIgnore: desktopOnlyJourneys,
    },
  ],
  webServer: {
    command: `${webBuildGiven ? '' : buildWeb}npx tsx apps/api/src/server.ts`,
    cwd: repoRoot,
    url: `${baseURL}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // The journeys sign in with the demo accounts and read codes from the demo outbox.
      DEMO: 'true',
      WEB_DIST: process.env.E2E_WEB_DIST,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every journey signs in from the same address; the production limit would slow the run, not test it.
      AUTH_RATE_LIMIT_PER_MINUTE: '200',
    },
  },
});
