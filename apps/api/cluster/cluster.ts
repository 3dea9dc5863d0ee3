/**
 * Several Rehabit nodes behind HAProxy on this machine (decision 1455): each node is the server as `npm start` runs
 * it (dist/server.js), on the same PostgreSQL, Redis and S3-compatible bucket, which the caller names in `env`.
 * `npm run cluster` runs it for people; the cluster tests start it once and kill and restart its nodes.
 *
 * Every process started here is ended when the cluster stops, and killed when this process exits any other way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/server-process.ts';
import { HAPROXY_BINARY, haproxyConfig } from './haproxy.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(apiDir, 'dist', 'server.js');
const STOP_GRACE_MS = 8_000;
const POLL_MS = 100;

export type ClusterOptions = {
  /** How many nodes: two unless asked. */
  nodes?: number;
  /** The proxy's port, the cluster's one address; a free one unless asked. */
  port?: number;
  /** The proxy's interface: this machine only unless asked. */
  host?: string;
  /** What every node is given: the database, Redis and bucket, and anything else (the public address is set here). */
  env: Record<string, string>;
  /** The server's arguments, e.g. `--demo`: the first node starts alone, so a demo is seeded once. */
  args?: string[];
  /** Each line a node or the proxy prints (by default, none is kept). */
  onOutput?: (source: string, line: string) => void;
  /**
   * The nodes' one DATA_DIR (a temporary folder by default): in development it holds the push key pair each node
   * would otherwise make for itself, and a subscription made through one node must be sent to by every other.
   */
  dataDir?: string;
  /** How long a node may take to answer `/ready` (migrations, a first demo seed). */
  readyTimeoutMs?: number;
  /** Node's own flags for every node, before the server's path (e.g. the young-generation size `npm start` gives). */
  nodeFlags?: string[];
};

export type ClusterNode = { name: string; port: number; url: string; isRunning: () => boolean };

/** A server of the proxy as its statistics say it: UP, DOWN, or on its way (e.g. "DOWN 1/1"). */
export type NodeState = string;

export type Cluster = {
  /** The proxy's address: what browsers and clients use. */
  url: string;
  statsUrl: string;
  nodes: ClusterNode[];
  /** Kills a node (SIGKILL by default: a crash) and waits for the process to be gone. */
  kill: (name: string, signal?: NodeJS.Signals) => Promise<void>;
  /** Starts a stopped node again and waits until the proxy sends it requests. */
  restart: (name: string) => Promise<void>;
  /** Each node's state as the proxy sees it. */
  states: () => Promise<Record<string, NodeState>>;
  /** Until the proxy sees the node in the state (UP or DOWN, or DRAIN when it is sent nothing new). */
  waitState: (name: string, state: 'UP' | 'DOWN' | 'DRAIN', ms?: number) => Promise<void>;
  /** Sends the node no new requests (`drain`), or sends it its share again (`ready`), through the proxy's socket. */
  setAdminState: (name: string, state: 'drain' | 'ready') => Promise<void>;
  /** The process id of a running node or of the proxy (`haproxy`), e.g. to read its CPU time from /proc. */
  pid: (name: string) => number | undefined;
  stop: () => Promise<void>;
  /** Kills every process of the cluster at once (SIGKILL), for a process that is itself being stopped. */
  killAll: () => void;
};

type Running = { child: ChildProcess; exited: Promise<unknown> };
const isRunning = (child: ChildProcess | undefined) =>
  Boolean(child) && child!.exitCode === null && child!.signalCode === null;

async function until(what: string, ms: number, check: () => Promise<boolean>, failure = () => '') {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${what} within ${ms} ms${failure()}`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build the server first`);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  const statsPort = await freePort();
  const publicHost = host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host;
  const url = `http://${publicHost}:${port}`;
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  const dir = await mkdtemp(path.join(tmpdir(), 'rehabit-cluster-'));
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const output = options.onOutput ?? (() => {});
  const processes = new Map<string, Running>();
  const recent = new Map<string, string[]>();

  const nodes: ClusterNode[] = [];
  for (let i = 1; i <= (options.nodes ?? 2); i++) {
    const nodePort = await freePort();
    const name = `node${i}`;
    nodes.push({
      name,
      port: nodePort,
      url: `http://127.0.0.1:${nodePort}`,
      isRunning: () => isRunning(processes.get(name)?.child),
    });
  }

  // Killed at once if this process ends without stopping the cluster (a test that threw, an uncaught error).
  const killAll = () => {
    for (const { child } of processes.values()) if (isRunning(child)) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  function launch(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
    const child = spawn(command, args, { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    recent.set(name, lines);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (lines.length > 40) lines.shift();
        output(name, line);
      });
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    processes.set(name, { child, exited });
    return child;
  }
  const lastLines = (name: string) => `; it printed:\n${(recent.get(name) ?? []).join('\n')}`;

  function startNode(node: ClusterNode) {
    // Each node's database connections carry its name, so an operator (or a test) sees who runs what.
    const databaseUrl = new URL(options.env.DATABASE_URL ?? '');
    databaseUrl.searchParams.set('application_name', `rehabit-${node.name}`);
    launch(node.name, process.execPath, [...(options.nodeFlags ?? []), SERVER_ENTRY, ...(options.args ?? [])], {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...options.env,
      ...(options.env.DATABASE_URL ? { DATABASE_URL: databaseUrl.href } : {}),
      HOST: '127.0.0.1',
      PORT: String(node.port),
      PUBLIC_URL: url,
      // The proxy sets X-Forwarded-For itself (haproxy.ts): the client's address is the one it names.
      TRUST_PROXY: 'true',
      DATA_DIR: options.dataDir ?? dir,
    });
    return until(
      `${node.name} did not answer /ready`,
      readyTimeoutMs,
      async () => {
        if (!node.isRunning()) throw new Error(`${node.name} exited${lastLines(node.name)}`);
        return (await fetch(`${node.url}/ready`)).ok;
      },
      () => lastLines(node.name),
    ).catch((err: Error) => {
      // A node that exited is said at once, not after the whole wait.
      if (!node.isRunning()) throw new Error(`${node.name} exited${lastLines(node.name)}`);
      throw err;
    });
  }

  async function states(): Promise<Record<string, NodeState>> {
    const csv = await (await fetch(`${statsUrl};csv`)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? '';
    const found: Record<string, NodeState> = {};
    for (const row of rows.map((line) => line.split(','))) {
      if (at(row, 'pxname') === 'nodes' && nodes.some((n) => n.name === at(row, 'svname'))) {
        found[at(row, 'svname')] = at(row, 'status');
      }
    }
    return found;
  }
  const waitState = (name: string, state: 'UP' | 'DOWN' | 'DRAIN', ms = 20_000) =>
    until(`the proxy did not see ${name} ${state}`, ms, async () => (await states())[name] === state);

  const adminSocket = path.join(dir, 'haproxy.sock');
  async function setAdminState(name: string, state: 'drain' | 'ready') {
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(adminSocket, () => socket.end(`set server nodes/${name} state ${state}\n`));
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text.trim()));
      socket.on('error', reject);
    });
    if (answer) throw new Error(`HAProxy refused to set ${name} ${state}: ${answer}`);
  }

  async function stopProcess(name: string, signal: NodeJS.Signals) {
    const running = processes.get(name);
    if (!running || !isRunning(running.child)) return;
    running.child.kill(signal);
    const timer = setTimeout(() => running.child.kill('SIGKILL'), STOP_GRACE_MS);
    await running.exited;
    clearTimeout(timer);
  }

  async function stop() {
    try {
      await Promise.all([...processes.keys()].map((name) => stopProcess(name, 'SIGTERM')));
    } finally {
      process.removeListener('exit', killAll);
      await rm(dir, { recursive: true, force: true });
    }
  }

  try {
    // The first node migrates the database (and seeds a demo) alone; the others start on what it made.
    await startNode(nodes[0]!);
    await Promise.all(nodes.slice(1).map(startNode));
    const config = path.join(dir, 'haproxy.cfg');
    await writeFile(config, haproxyConfig({ port, statsPort, host, nodes, adminSocket }));
    launch('haproxy', HAPROXY_BINARY, ['-f', config, '-db'], { PATH: process.env.PATH });
    await until(
      'HAProxy did not answer',
      10_000,
      async () => (await fetch(statsUrl)).ok,
      () => lastLines('haproxy'),
    );
    await Promise.all(nodes.map((node) => waitState(node.name, 'UP')));
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    statsUrl,
    nodes,
    kill: (name, signal = 'SIGKILL') => stopProcess(name, signal),
    restart: async (name) => {
      const node = nodes.find((n) => n.name === name);
      if (!node) throw new Error(`no node ${name}`);
      if (!node.isRunning()) await startNode(node);
      await waitState(name, 'UP');
    },
    states,
    waitState,
    setAdminState,
    pid: (name) => {
      const child = processes.get(name)?.child;
      return isRunning(child) ? child!.pid : undefined;
    },
    stop,
    killAll,
  };
}
