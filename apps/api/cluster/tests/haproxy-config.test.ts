/**
 * The configuration `npm run haproxy-config` prints for nodes on other machines (docs/operations.md, "On your own
 * machines"), run by the real HAProxy with a certificate made here, in front of two stand-in nodes that answer
 * `/ready` and echo what reached them: HTTPS reaches both nodes in turn with the proxy's own forwarded headers, and
 * plain HTTP is only ever a redirect to HTTPS.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.ts';
import { HAPROXY_BINARY, NODE_HEADER } from '../haproxy.ts';
import { configFromArguments } from '../haproxy-config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'rehabit-haproxy-config-'));
const certificate = path.join(dir, 'portal.pem');
const servers: Server[] = [];
let proxy: ChildProcess | undefined;
let httpsPort = 0;
let httpPort = 0;
// The certificate is this test's own, made a moment ago: trusted for this one connection pool, nowhere else.
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

function standInNode(name: string) {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        node: name,
        url: req.url,
        forwardedFor: req.headers['x-forwarded-for'],
        proto: req.headers['x-forwarded-proto'],
      }),
    );
  });
  servers.push(server);
  return new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

beforeAll(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const pem = ['cert.pem', 'key.pem'].map((file) => readFileSync(path.join(dir, file), 'utf8'));
  writeFileSync(certificate, pem.join(''));
  const [one, two] = [await standInNode('node1'), await standInNode('node2')];
  [httpsPort, httpPort] = [await freePort(), await freePort()];
  const config = configFromArguments([
    '--node',
    `node1=127.0.0.1:${one}`,
    '--node',
    `node2=127.0.0.1:${two}`,
    '--listen',
    `127.0.0.1:${httpsPort}`,
    '--tls-cert',
    certificate,
    '--redirect-port',
    String(httpPort),
    '--stats-port',
    '0',
    '--admin-socket',
    path.join(dir, 'admin.sock'),
    // The test's proxy runs as whoever runs the tests, without a syslog to log to.
    '--run-as',
    '-',
    '--chroot',
    '-',
    '--log',
    '-',
  ]);
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  execFileSync(HAPROXY_BINARY, ['-c', '-q', '-f', file]);
  proxy = spawn(HAPROXY_BINARY, ['-f', file, '-db'], { stdio: 'ignore' });
  // Until both stand-ins pass the health check (every second) and take requests.
  const deadline = Date.now() + 15_000;
  for (const seen = new Set<string>(); seen.size < 2; ) {
    if (Date.now() > deadline) throw new Error('HAProxy did not send requests to both nodes');
    const answer = await request(`https://127.0.0.1:${httpsPort}/api`, { dispatcher: insecure }).catch(() => undefined);
    if (answer?.statusCode === 200) seen.add(((await answer.body.json()) as { node: string }).node);
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 30_000);

afterAll(async () => {
  proxy?.kill('SIGTERM');
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await insecure.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the printed HAProxy configuration', () => {
  it('serves HTTPS round-robin over the nodes, with the forwarded headers set by the proxy alone', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const answer = await request(`https://127.0.0.1:${httpsPort}/api/v1/users/`, {
        dispatcher: insecure,
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' },
      });
      expect(answer.statusCode).toBe(200);
      const body = (await answer.body.json()) as { node: string; forwardedFor: string; proto: string };
      expect(answer.headers[NODE_HEADER]).toBe(body.node);
      answers.push(body);
    }
    expect(new Set(answers.map((a) => a.node))).toEqual(new Set(['node1', 'node2']));
    for (const answer of answers) {
      expect(answer.forwardedFor).toBe('127.0.0.1');
      expect(answer.proto).toBe('https');
    }
  });

  it('answers plain HTTP with a redirect to the same address over HTTPS, never a node', async () => {
    const answer = await request(`http://127.0.0.1:${httpPort}/patients?page=2`);
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(`https://127.0.0.1:${httpPort}/patients?page=2`);
    expect(answer.headers[NODE_HEADER]).toBeUndefined();
    await answer.body.dump();
  });

  it("by default gives up root for Debian's haproxy user, inside its chroot, logging to the system's log", () => {
    const config = configFromArguments(['--node', 'node1=10.0.0.11:3000', '--tls-cert', certificate]);
    const global = config.slice(0, config.indexOf('defaults'));
    expect(global).toContain('  user haproxy\n  group haproxy\n  chroot /var/lib/haproxy\n  log /dev/log local0');
    const file = path.join(dir, 'system.cfg');
    writeFileSync(file, config);
    execFileSync(HAPROXY_BINARY, ['-c', '-q', '-f', file]);
  });

  it('refuses a call without nodes or with a malformed node', () => {
    expect(() => configFromArguments([])).toThrow('--node is required');
    expect(() => configFromArguments(['--node', 'node1=10.0.0.1'])).toThrow('expected HOST:PORT');
    expect(() => configFromArguments(['--node', 'a=10.0.0.1:3000', '--node', 'a=10.0.0.2:3000'])).toThrow(
      'each name once',
    );
  });
});
