/**
 * Each side of a benchmark runs in a process of its own: the server under test, its baseline and the load client,
 * so none of them takes CPU time from another inside one event loop. Servers log as in production (pino JSON at
 * `info`), into a file under bench/.logs rather than a terminal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(benchDir, '..');
const logDir = join(benchDir, '.logs');

/** A loopback port nobody listens on at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  pid: number;
  /** Resident memory of the process now, in MB (from /proc). */
  rssMb: () => number;
  stop: () => Promise<void>;
};

/**
 * Starts `node [nodeArgs] script [args]` with `env` (PORT set to a free port) and waits until `readyPath` answers.
 * Output goes to bench/.logs/<label>.log.
 */
export async function startServer(options: {
  label: string;
  script: string;
  /** Arguments after the script's path. */
  args?: string[];
  nodeArgs?: string[];
  env?: Record<string, string | undefined>;
  readyPath: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  mkdirSync(logDir, { recursive: true });
  const logPath = join(logDir, `${options.label.replace(/[^\w.-]+/g, '-')}.log`);
  const log = createWriteStream(logPath);
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ...options.env,
    PORT: String(port),
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}${options.readyPath}`, options.timeoutMs ?? 120_000, logPath);
  return {
    url,
    pid: child.pid!,
    rssMb: () => residentMb(child.pid!),
    stop: () => stopChild(child),
  };
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number, logPath: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server ended with ${child.exitCode} before it was ready; see ${logPath}:\n${tail(logPath)}`);
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within ${timeoutMs} ms; see ${logPath}:\n${tail(logPath)}`);
}

const tail = (path: string) => readFileSync(path, 'utf8').split('\n').slice(-20).join('\n');

function stopChild(child: ChildProcess): Promise<void> {
  // Ended already (by its own exit or a signal): stopping it again is nothing to wait for.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident set size of a process, in MB. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
