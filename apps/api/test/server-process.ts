import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr together. */
  output: () => string;
  /** Whether the process is still running (it has neither exited nor been killed by a signal). */
  isRunning: () => boolean;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
};

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `src/server.ts` in a process of its own, as `npm run dev` runs it (or `entry`, e.g. the compiled server that
 * `npm start` runs), with a clean environment: only what the test sets (plus PATH and HOME), so the machine's own
 * variables never change what is tested.
 */
export async function spawnServer(
  env: Record<string, string>,
  args: string[] = [],
  entry: string[] = ['--import', 'tsx', 'src/server.ts'],
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, WEB_DIST: '/nonexistent', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  return { url: `http://127.0.0.1:${port}`, child, output: () => output.trim(), isRunning, exited };
}

/** Until the server answers /ready, or fails with what the process printed (slow on a busy machine). */
export async function waitReady(server: ServerProcess, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!server.isRunning()) {
      throw new Error(
        `the server exited with ${server.child.exitCode ?? server.child.signalCode}:\n${server.output()}`,
      );
    }
    try {
      if ((await fetch(`${server.url}/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server was not ready after ${ms} ms:\n${server.output()}`);
}

/** Asks the server to stop (SIGTERM) and waits for it; kills it if it has not stopped within 5 s. */
export async function stopServer(server: ServerProcess) {
  if (!server.isRunning()) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000);
  await server.exited;
  clearTimeout(timer);
}
