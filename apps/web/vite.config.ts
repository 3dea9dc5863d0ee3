import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// When another workspace pins a different Sentry major at the root, each Sentry browser package gets its
// own nested copy of @sentry/core and @sentry/conventions. Resolve them all from @sentry/react's copy so
// the lazy error-reporting chunk carries them once.
const require = createRequire(import.meta.url);
const sentryAnchor = require.resolve('@sentry/react');
const sharedSentryPackage = /^@sentry\/(core|conventions)(\/|$)/;

function dedupeSentry(): Plugin {
  return {
    name: 'rehabit:dedupe-sentry',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!importer || !sharedSentryPackage.test(source) || !importer.includes('/node_modules/@sentry/')) return null;
      return this.resolve(source, sentryAnchor, { ...options, skipSelf: true });
    },
  };
}

const apiPrefixes = ['/api', '/clinic', '/user', '/video', '/chat', '/admin', '/dev', '/health', '/socket.io'];
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), dedupeSentry()],
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [
        prefix,
        {
          target: apiTarget,
          changeOrigin: true,
          ws: prefix === '/socket.io',
          bypass: (req: { headers: { accept?: string } }) =>
            req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
  build: {
    sourcemap: true,
    // The budget check reads the manifest to find the entry chunk and its static imports.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
