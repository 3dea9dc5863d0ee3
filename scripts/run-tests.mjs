#!/usr/bin/env node
// Every test of the project (`npm test`): the rules, the API on the embedded database (and on PostgreSQL when
// TEST_DATABASE_URL names a server, with the cluster of two nodes behind HAProxy then too), the web components and
// the browser journeys.
//
// Two suites run at a time, each next one taken from a shared queue as a lane comes free, longest first: the browser
// journeys mostly wait (on the browser, the server, the network) and a Vitest suite keeps about a core busy, so two at
// once fill a two-core machine and more would slow every suite (decision 1300).
// Each suite's output is kept apart and printed whole when the suite ends, so logs never interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = join(root, 'test-results', 'suites');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A suite: an npm script of one workspace (null: the root), with changes to the environment. */
const suite = (name, workspace, script, env = {}) => ({ name, workspace, script, env });

// Longest first, so the last suite to start is a short one and neither lane idles long at the end.
const queue = [
  suite('browser journeys', '@rehabit/web', 'test:e2e'),
  ...(onPostgres ? [suite('API on PostgreSQL', '@rehabit/api', 'test')] : []),
  // Beside a PostgreSQL pass, the embedded one runs the files that reach the embedded database's own paths (decision
  // 1390); alone, it runs every file.
  suite('API on the embedded database', '@rehabit/api', 'test', {
    TEST_DATABASE_URL: undefined,
    ...(onPostgres ? { API_TEST_FILES: 'embedded-beside-postgres' } : {}),
  }),
  suite('web components', '@rehabit/web', 'test'),
  // Two server processes behind HAProxy on the PostgreSQL server, Redis and s3rver, in about a minute (decision 1455).
  ...(onPostgres ? [suite('cluster', '@rehabit/api', 'test:cluster')] : []),
  suite('contract rules', '@rehabit/contract', 'test'),
  suite('layering rules', null, 'test:scripts'),
];
const LANES = 2;

const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
const running = new Map();
const children = new Set();

// Stopped (Ctrl-C, CI's time limit), the run stops its suites too rather than leave them running on their own.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(130);
  });
}

const logPathOf = (name) => join(logDir, `${name.replaceAll(' ', '-')}.log`);
const DIGEST_LINES = 40;

/** The failed tests' names and first lines (Vitest's "Failed Tests" block), else the log's last lines. */
function failureDigest(name) {
  const lines = stripVTControlCharacters(readFileSync(logPathOf(name), 'utf8')).split('\n');
  const failedBlock = lines.findIndex((line) => /Failed Tests \d+/.test(line));
  const named = lines.filter((line) => /^\s*(FAIL|×|✘)\s/.test(line));
  const block = failedBlock >= 0 ? lines.slice(failedBlock, failedBlock + DIGEST_LINES) : lines.slice(-DIGEST_LINES);
  return [...new Set(named)].slice(0, 20).concat(block).join('\n');
}

function runSuite({ name, workspace, script, env }) {
  const logPath = logPathOf(name);
  const log = createWriteStream(logPath);
  const childEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const since = Date.now();
  running.set(name, since);
  console.log(`▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, ...(workspace ? ['-w', workspace] : [])], { cwd: root, env: childEnv });
    children.add(child);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code, signal) => {
      children.delete(child);
      log.end(() => {
        running.delete(name);
        const ok = code === 0;
        const took = seconds(since);
        console.log(`\n──── ${name}: output ────\n${readFileSync(logPath, 'utf8')}`);
        console.log(`${ok ? '✔' : '✘'} ${name} ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${took} s`);
        resolve({ name, ok, took });
      });
    });
  });
}

/** A lane: takes the next suite of the queue until none is left, going on after a failure so every suite reports. */
async function runLane() {
  const results = [];
  for (let next = queue.shift(); next; next = queue.shift()) results.push(await runSuite(next));
  return results;
}

mkdirSync(logDir, { recursive: true });
// Long runs say what is still going, once a minute.
const heartbeat = setInterval(() => {
  const names = [...running].map(([name, since]) => `${name} (${seconds(since)} s)`);
  const load = loadavg()[0].toFixed(1);
  if (names.length > 0) console.log(`… ${seconds(started)} s (load ${load}): still running ${names.join(', ')}`);
}, 60_000);

const results = (await Promise.all(Array.from({ length: LANES }, runLane))).flat();
clearInterval(heartbeat);

// CI shows the end of the output: what failed is repeated there, briefly, above the summary.
for (const { name, ok } of results) if (!ok) console.log(`\n──── ${name}: what failed ────\n${failureDigest(name)}`);
console.log(`\nTests done in ${seconds(started)} s`);
for (const { name, ok, took } of results) console.log(`  ${ok ? '✔' : '✘'} ${name.padEnd(30)} ${took} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
