/**
 * Chat delivery under load: 200 connected staff clients in 10 clinics (20 each). One sender per clinic sends
 * messages through the real API (saved, then pushed) as the web client does, over its socket, and once more by
 * POST /chat/message; every client of the clinic receives each one. Side by side
 * in the same run: a bare Socket.IO relay (no auth, no database) with the same rooms and fan-out, and the same relay
 * committing each message to PostgreSQL before relaying it, as a chat that loses no message must. Each server runs
 * in a process of its own (server.ts), apart from the measuring clients.
 * Goals: ≥ 70% of the bare relay's deliveries/s, p99 send→receive ≤ 100 ms; beside them, ≥ 100% of the storing
 * relay's deliveries/s, as decision 1490 proposes.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chat
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { Agent, request } from 'undici';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { percentile } from '../lib/load.ts';
import { startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { spread } from '../lib/rounds.ts';
import { seedChatClinics } from './data.ts';

const here = dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLINICS = 10;
const PER_CLINIC = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
// Saturated: each sender keeps this many messages on their way (sending the next once one reached all of its
// clinic). From 20 up, neither side delivers more with more in flight (see bench/README.md).
const IN_FLIGHT_PER_SENDER = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STEADY_PER_CLINIC = Number(process.env.BENCH_STEADY_PER_CLINIC ?? 5);
// Both servers run with the young-generation size `npm start` gives the API (decision 0450), and any further Node
// flags given, e.g. `--cpu-prof` to see where their time goes.
const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=64',
  ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' '),
].filter(Boolean);

type Result = { label: string; deliveries: number; perSecond: number; p50: number; p99: number };

/** Measures one system: `post(clinic, text)` sends; clients report receipt of `text` by the embedded stamp. */
async function measure(
  label: string,
  clients: Socket[][],
  post: (clinic: number, text: string) => Promise<void>,
  mode: 'saturated' | 'steady',
): Promise<Result> {
  const sentAt = new Map<string, number>();
  const pending = new Map<string, { left: number; done: () => void }>();
  const latencies: number[] = [];
  clients.forEach((group) => {
    for (const socket of group) {
      socket.on('new_message', (m: { message: string }) => {
        const start = sentAt.get(m.message);
        if (start === undefined) return;
        latencies.push(performance.now() - start);
        const wait = pending.get(m.message);
        if (wait && --wait.left === 0) wait.done();
      });
    }
  });
  const deadline = performance.now() + SECONDS * 1000;
  let counter = 0;
  const sender = async (clinic: number) => {
    while (performance.now() < deadline) {
      const text = `${label}-${clinic}-${counter++}`;
      const delivered = new Promise<void>((done) => pending.set(text, { left: PER_CLINIC, done }));
      sentAt.set(text, performance.now());
      await post(clinic, text);
      await Promise.race([delivered, new Promise((r) => setTimeout(r, 2000))]);
      pending.delete(text);
    }
  };
  const steadySender = async (clinic: number) => {
    const sends: Promise<void>[] = [];
    while (performance.now() < deadline) {
      const text = `${label}-${clinic}-${counter++}`;
      sentAt.set(text, performance.now());
      sends.push(post(clinic, text));
      await new Promise((r) => setTimeout(r, 1000 / STEADY_PER_CLINIC));
    }
    await Promise.all(sends);
    await new Promise((r) => setTimeout(r, 500));
  };
  const started = performance.now();
  await Promise.all(
    mode === 'steady'
      ? clients.map((_, clinic) => steadySender(clinic))
      : clients.flatMap((_, clinic) => Array.from({ length: IN_FLIGHT_PER_SENDER }, () => sender(clinic))),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const group of clients) for (const s of group) s.removeAllListeners('new_message');
  const sorted = latencies.sort((a, b) => a - b);
  return {
    label,
    deliveries: sorted.length,
    perSecond: Math.round(sorted.length / seconds),
    p50: +percentile(sorted, 50).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
  };
}

const connectAll = (url: string, auths: object[][]) =>
  Promise.all(
    auths.map((group) =>
      Promise.all(
        group.map(
          (auth) =>
            new Promise<Socket>((resolve, reject) => {
              const socket = connect(url, { auth, transports: ['websocket'], reconnection: false });
              socket.on('connect', () => resolve(socket));
              socket.on('connect_error', reject);
            }),
        ),
      ),
    ),
  );

/** Starts `server.ts` in a process of its own, with the Node flags `npm start` gives the API. */
const startChatServer = (kind: 'relay' | 'stored-relay' | 'rehabit', env: Record<string, string> = {}) =>
  startServer({
    label: `chat-${kind}`,
    script: join(here, 'server.ts'),
    args: [kind],
    nodeArgs: [...SERVER_NODE_FLAGS, '--import', 'tsx'],
    env: { NODE_ENV: 'test', ...env },
    readyPath: '/health',
  });

type System = {
  clients: Socket[][];
  send: (clinic: number, text: string) => Promise<void>;
  stop: () => Promise<void>;
};

async function startRelay(kind: 'relay' | 'stored-relay', env: Record<string, string> = {}): Promise<System> {
  const server = await startChatServer(kind, env);
  const auths = Array.from({ length: CLINICS }, (_, c) => Array.from({ length: PER_CLINIC }, () => ({ clinic: c })));
  const clients = await connectAll(server.url, auths);
  const senders = await connectAll(
    server.url,
    auths.map((g) => [g[0]!]),
  );
  const send = (clinic: number, text: string) =>
    senders[clinic]![0]!.timeout(2000)
      .emitWithAck('send_message', { session: clinic, message: text })
      .then((ack) => {
        if (!ack?.message) throw new Error(`send refused: ${JSON.stringify(ack)}`);
      });
  const stop = async () => {
    for (const s of [...clients.flat(), ...senders.flat()]) s.disconnect();
    await server.stop();
  };
  return { clients, send, stop };
}

async function rehabit(databaseUrl: string): Promise<System & { sendOverHttp: System['send'] }> {
  const database = await openDatabase({ databaseUrl });
  await runMigrations(database);
  const clinics = await seedChatClinics(database.db, CLINICS, PER_CLINIC);
  await database.close();
  const server = await startChatServer('rehabit', { BENCH_CHAT_DATABASE_URL: databaseUrl });
  const url = server.url;
  const clients = await connectAll(
    url,
    clinics.map((c) => c.tokens.map((token) => ({ token }))),
  );
  const senders = await connectAll(
    url,
    clinics.map((c) => [{ token: c.senderToken }]),
  );
  // As the web client sends: over its socket, acknowledged with the saved message.
  const send = async (clinic: number, text: string) => {
    const ack = await senders[clinic]![0]!.timeout(2000).emitWithAck('send_message', {
      session: clinics[clinic]!.sessionId,
      message: text,
    });
    if (!ack?.message) throw new Error(`send refused: ${JSON.stringify(ack)}`);
  };
  const dispatcher = new Agent({ connections: CLINICS * IN_FLIGHT_PER_SENDER });
  const sendOverHttp = async (clinic: number, text: string) => {
    const c = clinics[clinic]!;
    const res = await request(`${url}/chat/message`, {
      method: 'POST',
      dispatcher,
      headers: { authorization: `Bearer ${c.senderToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session: c.sessionId, message: text }),
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 201) throw new Error(`send answered ${res.statusCode}`);
  };
  const stop = async () => {
    for (const s of [...clients.flat(), ...senders.flat()]) s.disconnect();
    await dispatcher.close();
    await server.stop();
  };
  return { clients, send, sendOverHttp, stop };
}

const name = `rehabit_bench_chat_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  const relay = await startRelay('relay');
  const storedRelay = await startRelay('stored-relay', { BENCH_CHAT_DATABASE_URL: url.toString() });
  const app = await rehabit(url.toString());
  // Rounds take turns, so a slow moment of the machine does not fall on one side only.
  const relayRounds: Result[] = [];
  const storedRounds: Result[] = [];
  const appRounds: Result[] = [];
  const printRound = (round: number, r: Result) =>
    console.log(
      `  round ${round}/${ROUNDS}  ${r.label.padEnd(22)} ${r.perSecond} deliveries/s  p50 ${r.p50} ms  p99 ${r.p99} ms`,
    );
  for (let round = 1; round <= ROUNDS; round++) {
    relayRounds.push(await measure('relay, saturated', relay.clients, relay.send, 'saturated'));
    printRound(round, relayRounds.at(-1)!);
    storedRounds.push(await measure('storing relay, saturated', storedRelay.clients, storedRelay.send, 'saturated'));
    printRound(round, storedRounds.at(-1)!);
    appRounds.push(await measure('Rehabit, saturated', app.clients, app.send, 'saturated'));
    printRound(round, appRounds.at(-1)!);
  }
  const relaySteady = await measure('relay, steady', relay.clients, relay.send, 'steady');
  const appSteady = await measure('Rehabit, steady', app.clients, app.send, 'steady');
  const appHttp = await measure('Rehabit, HTTP sends, saturated', app.clients, app.sendOverHttp, 'saturated');
  await relay.stop();
  await storedRelay.stop();
  await app.stop();

  const setting =
    `${CLINICS * PER_CLINIC} clients in ${CLINICS} clinics, ${SECONDS} s a measure; saturated: ` +
    `${IN_FLIGHT_PER_SENDER} messages in flight per clinic, ${ROUNDS} alternating rounds; ` +
    `steady: ${STEADY_PER_CLINIC} messages/s per clinic, one measure each. The relay committing each message ` +
    'inserts it in PostgreSQL (one statement, a pool of 10 connections as the API has) before relaying it; Rehabit ' +
    'commits the messages of a moment together (decision 0450)';
  const show = (values: number[]) => {
    const s = spread(values);
    return `${s.median} | ${s.min} | ${s.max}`;
  };
  const rows = [
    `| relay, saturated | ${show(relayRounds.map((r) => r.perSecond))} | ${show(relayRounds.map((r) => r.p99))} |`,
    `| relay committing each message, saturated | ${show(storedRounds.map((r) => r.perSecond))} | ${show(storedRounds.map((r) => r.p99))} |`,
    `| Rehabit, saturated (socket sends) | ${show(appRounds.map((r) => r.perSecond))} | ${show(appRounds.map((r) => r.p99))} |`,
    ...[appHttp, relaySteady, appSteady].map((r) => `| ${r.label} | ${r.perSecond} | | | ${r.p99} | | |`),
  ];
  const table = [
    '| scenario | deliveries/s median | min | max | p99 ms median | min | max |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${setting}\n\n${table}`);
  const ratio = spread(appRounds.map((r, i) => r.perSecond / relayRounds[i]!.perSecond));
  const ofStored = spread(appRounds.map((r, i) => r.perSecond / storedRounds[i]!.perSecond));
  const percent = (s: ReturnType<typeof spread>) =>
    `${Math.round(s.median * 100)}% (rounds ${Math.round(s.min * 100)}–${Math.round(s.max * 100)}%)`;
  saveResult({
    name: 'chat',
    command: 'BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chat',
    goals: [
      {
        what: 'chat deliveries/s, saturated, vs a bare Socket.IO relay',
        goal: '≥ 70%',
        measured: percent(ratio),
        met: ratio.median >= 0.7,
      },
      {
        what: 'chat deliveries/s, saturated, vs the relay committing each message to PostgreSQL',
        goal: '≥ 100% (proposed, decision 1490)',
        measured: percent(ofStored),
        met: ofStored.median >= 1,
      },
      {
        what: `chat send → receive p99, steady ${(CLINICS * PER_CLINIC * STEADY_PER_CLINIC).toLocaleString('en-US')} deliveries/s`,
        goal: '≤ 100 ms',
        measured: `${appSteady.p99} ms`,
        met: appSteady.p99 <= 100,
      },
    ],
    markdown: `${setting}.\n\n${table}`,
  });
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
process.exit(0);
