import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer, waitReady } from './server-process.ts';

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const freshDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rehabit-start-'));
  dataDirs.push(dir);
  return dir;
};

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.org',
  APP_SECRET: 'a-production-secret-of-forty-characters-x',
  VIDEO_SIGNING_SECRET: 'another-production-secret-of-forty-chars',
  LOG_LEVEL: 'info',
};

async function start(env: Record<string, string>) {
  const server = await spawnServer({ DATA_DIR: freshDataDir(), ...env });
  servers.push(server);
  return server;
}

// Each test starts a real process on a new embedded database: slow on a busy machine.
describe('starting and stopping the server', { timeout: 120_000 }, () => {
  it('refuses to start in production without its secrets, naming each', async () => {
    const { APP_SECRET: _, VIDEO_SIGNING_SECRET: __, ...withoutSecrets } = production;
    const server = await start(withoutSecrets);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/APP_SECRET: required in production/);
    expect(server.output()).toMatch(/VIDEO_SIGNING_SECRET: required in production/);
  });

  it('listens on this machine only, warns that mail and texts reach nobody, and stops cleanly on Ctrl-C', async () => {
    const server = await start(production);
    await waitReady(server);
    // The log line may reach the pipe just after the server first answers.
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('Server listening at http://127.0.0.1:');
    expect(server.output()).toMatch(/E-mail is not delivered: no SMTP server is configured/);
    expect(server.output()).toMatch(/Text messages are not delivered: no SMS provider is configured/);
    // No demo outbox in production, even from the server's own machine.
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
    // An open real-time connection must not hold the stop up.
    const socket = io(server.url, { transports: ['websocket'], reconnection: false, auth: { token: 'x'.repeat(40) } });
    await new Promise((resolve) => socket.once('connect_error', resolve));
    const started = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    socket.close();
  });

  it('stops cleanly when asked while it is still starting', async () => {
    const dataDir = freshDataDir();
    const server = await start({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    // The signal lands while the embedded database is being created and migrated.
    await expect.poll(() => existsSync(path.join(dataDir, 'pglite')), { timeout: 60_000, interval: 20 }).toBe(true);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/could not start/);
  });
});
