import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { patientPrecache } from './vite-patient-app.ts';
import { precompress } from './vite-precompress.ts';

const apiPrefixes = ['/api', '/clinic', '/user', '/video', '/tus', '/chat', '/admin', '/dev', '/health', '/socket.io'];
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:3000';

/** Tests of a module's first load, or that replace a module with a mock: each runs in a fresh module graph. */
const firstLoadTests = [
  'src/app/first-screen.test.ts',
  'src/lib/error-reporting.test.ts',
  'src/features/patient-app/i18n/i18n.test.ts',
  'src/components/ui/toasts/toaster-first-toast.test.tsx',
  'src/components/ui/toasts/toaster-signed-in.test.tsx',
];

let outDir = 'dist';

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    {
      name: 'rehabit-out-dir',
      configResolved: (config) => {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    // The patient side's service worker (decision 1355), built from src/service-worker/ to /patient-sw.js and
    // registered by the patient's frame alone, for /my/ only. The page has no manifest link and no registration
    // script: the patient side adds both (its manifest is public/my/manifest.webmanifest).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'patient-sw.ts',
      scope: '/my/',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        manifestTransforms: [patientPrecache(() => outDir)],
        // The patient side's largest chunk (i18next, the forms) stays well under it; a bigger one is left uncached.
        maximumFileSizeToCacheInBytes: 600_000,
      },
    }),
  ],
  // `@web/…` is the app's source folder, so imports never climb out of a feature with ../../..
  resolve: { alias: { '@web/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [
        prefix,
        {
          target: apiTarget,
          changeOrigin: true,
          // Says who the browser is, so the API never takes a proxied request for one from its own machine.
          xfwd: true,
          ws: prefix === '/socket.io',
          bypass: (req: { headers: { accept?: string } }) =>
            req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
  build: {
    sourcemap: true,
    modulePreload: {
      // Every page of both apps has loaded these by the time it imports anything on demand: a lazy import's list of
      // files to fetch ahead leaves them out, which keeps the route tables of the sign-in pages small.
      resolveDependencies: (_file, dependencies) =>
        dependencies.filter(
          (dependency) => !/(^|\/)(framework|basics|session|rolldown-runtime)-[\w-]+\.js$/.test(dependency),
        ),
    },
    // The budget check reads the manifest to find the entry chunk and its static imports.
    manifest: true,
    rolldownOptions: {
      output: {
        // What every screen runs on in one shared chunk (decision 1123), rather than many small ones that queue on
        // the browser's few connections to the server.
        codeSplitting: {
          groups: [
            {
              // What every screen of both apps runs on. The toast library is not: it loads with the first toast.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/,
              priority: 20,
            },
            {
              // What every screen's code is built from, the sign-in pages' included: the contract's checks (zod's core
              // and mini API without JSON Schema, and the contract's shared schemas) and the basic components (buttons, fields, alerts,
              // skeletons). Split by which screens use them, they came as many small files, each costing a request and
              // compressing alone.
              name: 'basics',
              test: /node_modules[\\/]zod[\\/]v4[\\/](core|mini)[\\/](?!to-json-schema|json-schema)|[\\/]packages[\\/]contract[\\/]src[\\/](auth|common|endpoint|pagination|problem|roles)\.ts$|[\\/]src[\\/]components[\\/]ui[\\/](button|field|feedback)[\\/]|[\\/]src[\\/]lib[\\/](form-errors|use-document-title)\.ts$/,
              priority: 10,
            },
            {
              // Who is signed in and how calls reach the API, which both sides' sign-in pages and every screen start
              // with: the session's feature (its token, current user and sign-out) and the API client below it. Reached
              // through the session's index.ts from many screens, they came as several small files.
              name: 'session',
              test: /[\\/]src[\\/](features[\\/]session[\\/](?!.*\.test\.)|lib[\\/](api-client|api-error|access-token|client-state|storage|first-screen-drawn)\.ts$)/,
              priority: 10,
            },
            {
              // zod's full API, which the screens' own schemas are written with, and its JSON Schema writer, which the full
              // API carries; the sign-in pages do without both.
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]/,
              priority: 5,
            },
            {
              // The forms' library and its link to the contract's checks, used by the sign-in pages and most screens.
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              priority: 10,
            },
            {
              // The patient side's languages in one chunk: its pages and the loading of a language share it.
              name: 'i18next',
              test: /node_modules[\\/](i18next|react-i18next)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // Journeys through whole screens (forms, dialogs, calendars) take a few seconds in jsdom.
    testTimeout: 30_000,
    projects: [
      {
        // Most files share one page and one load of the modules, one after another: the per-file set-up took more
        // than half the suite's time. The set-up file puts the stores and storage back after each test (decision 1300).
        extends: true,
        test: { name: 'screens', include: ['src/**/*.test.{ts,tsx}'], exclude: firstLoadTests, isolate: false },
      },
      // What a first load does, or a module replaced by a mock, needs modules of its own.
      { extends: true, test: { name: 'first loads', include: firstLoadTests } },
    ],
  },
});
