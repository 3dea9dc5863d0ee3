import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer, stopServer, waitReady } from './server-process.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'rehabit-built-'));
const builds: string[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServer(server);
  for (const dir of [work, ...builds]) rmSync(dir, { recursive: true, force: true });
});

// `npm start` runs the server compiled by scripts/build.mjs: it must find its migrations, reference data and web
// app from wherever the bundle is written, and start in production as the TypeScript sources do.
describe('the compiled server', { timeout: 120_000 }, () => {
  it('starts in production from its build, migrated, and serves the web app', async () => {
    // Inside the package, as dist/ is, so that its imports find node_modules.
    const outdir = path.join(apiDir, 'dist', `test-${process.pid}`);
    builds.push(outdir);
    execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: apiDir });
    const web = path.join(work, 'web');
    mkdirSync(web);
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    server = await spawnServer(
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://portal.example.org',
        APP_SECRET: 'a-production-secret-of-forty-characters-x',
        VIDEO_SIGNING_SECRET: 'another-production-secret-of-forty-chars',
        DATA_DIR: path.join(work, 'data'),
        WEB_DIST: web,
      },
      [],
      [path.join(outdir, 'server.js')],
    );
    await waitReady(server);
    const page = await fetch(`${server.url}/patients`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<div id="root">');
    const problem = await fetch(`${server.url}/api/v1/nothing`);
    expect(problem.status).toBe(404);
    expect(problem.headers.get('content-type')).toContain('application/problem+json');
  });
});
