#!/usr/bin/env node
// Builds what `npm start` runs, the web app (apps/web/dist) and the server (apps/api/dist), only when the sources
// they are built from changed: a hash of those sources (and of the build-time VITE_* settings) is kept next to each
// build, and a build whose hash matches is used as it is. `node scripts/build-if-changed.mjs [web] [api]`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
export const STAMP = '.source-hash';

// Never inputs: installed packages, outputs, test results and browser journeys.
const skipped = new Set(['node_modules', 'dist', 'e2e', 'test-results', 'playwright-report', 'coverage', 'data']);

/** Every file under `path`, or `path` itself when it is a file, relative to `base` (missing: none). */
export function filesOf(base, path) {
  const full = join(base, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(base, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(sep).some((part) => skipped.has(part)));
}

/** A hash of the inputs' file paths and contents, and of the given environment variables' values. */
export function sourceHash(base, inputs, env = {}) {
  const hash = createHash('sha256');
  for (const file of [...new Set(inputs.flatMap((input) => filesOf(base, input)))].sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(base, file)))
      .update('\0');
  }
  for (const key of Object.keys(env).sort()) hash.update(`${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** Whether `outDir` holds a complete build (`check` exists) made from sources with this hash. */
export function isUpToDate(outDir, hash, check) {
  const stamp = join(outDir, STAMP);
  return existsSync(join(outDir, check)) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

/** The settings the web build reads from the environment (README: VITE_API_URL, VITE_SENTRY_DSN, …). */
const viteEnv = (env) => Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('VITE_')));

export const targets = {
  web: {
    name: 'web app',
    inputs: ['apps/web', 'packages/contract/src', 'package-lock.json'],
    env: viteEnv,
    outDir: 'apps/web/dist',
    check: 'index.html',
    build: ['npm', ['run', 'build', '-w', '@rehabit/web', '--', '--logLevel', 'warn']],
  },
  api: {
    name: 'server',
    inputs: [
      'apps/api/src',
      'apps/api/scripts',
      'apps/api/package.json',
      'apps/api/tsconfig.json',
      'tsconfig.base.json',
      'packages/contract/src',
      'package-lock.json',
    ],
    env: () => ({}),
    outDir: 'apps/api/dist',
    check: 'server.js',
    build: ['node', ['apps/api/scripts/build.mjs']],
  },
};

/** Builds the target unless its build is up to date; says which. Returns whether it built. */
export function buildIfChanged(target, { base = root, env = process.env, run = execFileSync, log = console.log } = {}) {
  const hash = sourceHash(base, target.inputs, target.env(env));
  const outDir = join(base, target.outDir);
  if (isUpToDate(outDir, hash, target.check)) {
    log(`The ${target.name} is built from these sources already.`);
    return false;
  }
  log(`Building the ${target.name} (its sources changed)…`);
  const [command, args] = target.build;
  // The old stamp goes first: a build that stops half-way, or one made by other means, is never taken as current.
  rmSync(join(outDir, STAMP), { force: true });
  run(command, args, { cwd: base, stdio: 'inherit', env });
  writeFileSync(join(outDir, STAMP), `${hash}\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  for (const name of names.length > 0 ? names : Object.keys(targets)) {
    if (!targets[name]) throw new Error(`Unknown build ${name}: ${Object.keys(targets).join(', ')}`);
    buildIfChanged(targets[name]);
  }
}
