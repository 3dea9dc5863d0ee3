/**
 * A lost database connection, while writes are running, must never end the server (issue #12): it answers 503
 * while PostgreSQL is away, recovers by itself, and every write it acknowledged is stored exactly once.
 *
 * A real `src/server.ts` process talks to PostgreSQL through a TCP proxy in this test process. Clients run the
 * whole time, each retrying an unacknowledged write with the same idempotency key, as the web and phone apps do:
 * staff chat sends over HTTP, patient chat sends over the socket (acknowledged), and patient exercise logs (a
 * transaction); patients also read their program, each read audited by the shared audit writer. Meanwhile the
 * proxy is cut three times: every open connection is dropped (closed, then reset, then closed) and new ones are
 * refused, for three seconds each.
 *
 * The issue saw the crash with cuts of 8 to 15 seconds; these are shorter because what a cut does to the server
 * does not depend on its length past a couple of seconds: connections die at the cut's first instant (whatever
 * they were doing: idle, checked out for a transaction, mid-statement), and while it lasts every new connection is
 * refused, which three seconds already repeat hundreds of times, and which is longer than the pool's 2-second
 * connect timeout, so no request can merely wait the cut out. Three cuts instead of five keep the test under a
 * minute; the unfixed server crashed at the first one.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL); skipped on the embedded database, which has no connection to lose.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as connectTcp, createServer, type Server as NetServer, type Socket as NetSocket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ChatSendAck,
  chatEndpoints,
  chatEvents,
  hepEndpoints,
  pathOf,
  patientProgramEndpoints,
  patientSigninEndpoints,
} from '@rehabit/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, chatMessages, exerciseLogs, patients } from '../src/db/schema.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { makeClinicWithSupervisor, makeUser, PASSWORD } from './factories.ts';
import { makeVideo } from './hep-support.ts';
import { patientBody } from './patients-support.ts';
import { type ServerProcess, spawnServer, stopServer, waitReady } from './server-process.ts';

const databaseServer = process.env.TEST_DATABASE_URL;

const CUTS = 3;
const CUT_MS = 3000;
const BETWEEN_CUTS_MS = 3000;
/** The longest any answer may take, cut or not: the pool gives up connecting after 2 s. */
const ANSWER_BOUND_MS = 6000;
/** Concurrent clients of each kind of writer. */
const CLIENTS_PER_WRITER = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A TCP proxy in front of PostgreSQL that can be cut: `cut` drops every open connection (closed, or reset like a
 * crashed network) and refuses new ones until `restore`.
 */
async function startProxy(target: { host: string; port: number }) {
  const open = new Set<NetSocket>();
  let down = false;
  const server: NetServer = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connectTcp(target.port, target.host);
    const pair = [client, upstream];
    const close = () => {
      for (const s of pair) {
        s.destroy();
        open.delete(s);
      }
    };
    for (const s of pair) {
      open.add(s);
      s.on('error', close);
      s.on('close', close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut(how: 'close' | 'reset') {
      down = true;
      for (const s of [...open]) {
        if (how === 'reset') s.resetAndDestroy();
        else s.destroy();
      }
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
type Proxy = Awaited<ReturnType<typeof startProxy>>;

/** What one attempt of a write got: an acknowledgement, a 503 problem, or anything else (a failure of the test). */
type Outcome = { kind: 'ok' | 'unavailable' | 'other'; detail: string; ms: number; at: number };

const post = (url: string, token: string, body: object) => request('POST', url, token, body);

async function request(method: 'GET' | 'POST', url: string, token: string, body?: object): Promise<Outcome> {
  const at = Date.now();
  try {
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(ANSWER_BOUND_MS),
    });
    const text = await res.text();
    const ms = Date.now() - at;
    if (res.status === 200 || res.status === 201) return { kind: 'ok', detail: String(res.status), ms, at };
    const problem = res.headers.get('content-type')?.startsWith('application/problem+json');
    const code = problem ? (JSON.parse(text) as { code?: string }).code : undefined;
    if (res.status === 503 && code === 'database_unavailable') return { kind: 'unavailable', detail: '503', ms, at };
    return { kind: 'other', detail: `${res.status} ${text.slice(0, 200)}`, ms, at };
  } catch (err) {
    return { kind: 'other', detail: `no answer: ${(err as Error).message}`, ms: Date.now() - at, at };
  }
}

async function sendOnSocket(socket: Socket, body: object): Promise<Outcome> {
  const at = Date.now();
  try {
    const ack = (await socket.timeout(ANSWER_BOUND_MS).emitWithAck(chatEvents.sendMessage, body)) as ChatSendAck;
    const ms = Date.now() - at;
    if ('message' in ack) return { kind: 'ok', detail: 'ack', ms, at };
    if (ack.problem.status === 503 && ack.problem.code === 'database_unavailable') {
      return { kind: 'unavailable', detail: '503', ms, at };
    }
    return { kind: 'other', detail: `ack ${JSON.stringify(ack.problem)}`, ms, at };
  } catch (err) {
    return { kind: 'other', detail: `no acknowledgement: ${(err as Error).message}`, ms: Date.now() - at, at };
  }
}

type Writer = {
  name: string;
  /** Keys whose write was acknowledged, with when. */
  acknowledged: { key: string; at: number }[];
  outcomes: Outcome[];
};

/**
 * A client writing one thing after another until `stopped()`: each write is retried with the same key until it is
 * acknowledged, like the web and phone apps do.
 */
async function runClient(
  writer: Writer,
  newKey: () => string,
  attempt: (key: string) => Promise<Outcome>,
  stopped: () => boolean,
) {
  while (!stopped()) {
    const key = newKey();
    while (!stopped()) {
      const outcome = await attempt(key);
      writer.outcomes.push(outcome);
      if (outcome.kind === 'ok') {
        writer.acknowledged.push({ key, at: Date.now() });
        break;
      }
      await sleep(outcome.kind === 'unavailable' ? 200 : 50);
    }
  }
}

let database: TestDatabase | undefined;
let proxy: Proxy | undefined;
let server: ServerProcess | undefined;
let dataDir: string | undefined;
const sockets: Socket[] = [];
const killServer = () => {
  if (server?.isRunning()) server.child.kill('SIGKILL');
};

async function signIn(route: string, email: string) {
  const res = await fetch(`${server!.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-in at ${route}: ${res.status} ${text}`);
  return JSON.parse(text).token as string;
}

async function staffPost(route: string, token: string, body: object) {
  const res = await fetch(`${server!.url}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${route}: ${res.status} ${text}`);
  return JSON.parse(text);
}

const title = 'a lost database connection while writes run';
describe.skipIf(!databaseServer)(
  databaseServer ? title : `${title} (skipped: needs TEST_DATABASE_URL, PostgreSQL behind a proxy)`,
  () => {
    let therapistToken: string;
    let patientToken: string;
    let patientUserId: number;
    let therapistId: number;
    let chatSession: number;
    let hepId: number;
    let patientId: number;

    beforeAll(async () => {
      database = await createTestDatabase();
      const direct = new URL(database.url!);
      proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(database.url!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);

      const { db } = database.database;
      const { clinic } = await makeClinicWithSupervisor(db);
      const therapist = await makeUser(db, clinic.id, { role: 'therapist' });
      therapistId = therapist.id;
      const patientUser = await makeUser(db, clinic.id, { role: 'patient' });
      patientUserId = patientUser.id;
      const video = await makeVideo(db, { clinicId: clinic.id, title: 'Heel raise' });

      dataDir = await mkdtemp(path.join(tmpdir(), 'rehabit-database-cut-'));
      server = await spawnServer({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://rehabit.test',
        DATABASE_URL: viaProxy.toString(),
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        LOG_LEVEL: 'warn',
      });
      process.once('exit', killServer);
      await waitReady(server);

      therapistToken = await signIn('/clinic/therapist/signin', therapist.email);
      const patient = await staffPost('/clinic/patient/register', therapistToken, patientBody());
      patientId = patient.id;
      await db.update(patients).set({ userId: patientUser.id }).where(eq(patients.id, patient.id));
      patientToken = await signIn(patientSigninEndpoints.signin.path, patientUser.email);
      const program = await staffPost(pathOf(hepEndpoints.program, { dashboardId: patient.id }), therapistToken, [
        { video_id: video.id, times_per_day: 3, days_per_week: 7 },
      ]);
      hepId = program.results[0].id;
      chatSession = (await staffPost(chatEndpoints.openSession.path, therapistToken, { patient: patient.id })).id;
    }, 120_000);

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      try {
        if (server) await stopServer(server);
      } finally {
        process.removeListener('exit', killServer);
        await proxy?.close();
        await database?.drop();
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('answers 503 during each cut, recovers by itself, and stores every acknowledged write exactly once', async () => {
      const s = server!;
      const writers = {
        staffHttp: { name: 'staff chat over HTTP', acknowledged: [], outcomes: [] } as Writer,
        patientSocket: { name: 'patient chat over the socket', acknowledged: [], outcomes: [] } as Writer,
        exerciseLogs: { name: 'patient exercise logs', acknowledged: [], outcomes: [] } as Writer,
        programReads: { name: 'patient program reads', acknowledged: [], outcomes: [] } as Writer,
      };
      const ready: Outcome[] = [];
      let stop = false;
      const stopped = () => stop;

      const patientSockets = await Promise.all(
        Array.from({ length: CLIENTS_PER_WRITER }, async () => {
          const socket = connectSocket(s.url, { auth: { token: patientToken }, transports: ['websocket'] });
          sockets.push(socket);
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', resolve);
            socket.once('connect_error', reject);
          });
          return socket;
        }),
      );

      const clients: Promise<void>[] = [];
      for (let i = 0; i < CLIENTS_PER_WRITER; i++) {
        clients.push(
          runClient(
            writers.staffHttp,
            () => `staff-${randomUUID()}`,
            (key) =>
              post(`${s.url}${chatEndpoints.send.path}`, therapistToken, {
                session: chatSession,
                message: `Staff note ${key}`,
                client_id: key,
              }),
            stopped,
          ),
          runClient(
            writers.patientSocket,
            () => `patient-${randomUUID()}`,
            (key) =>
              sendOnSocket(patientSockets[i]!, {
                session: chatSession,
                message: `Patient note ${key}`,
                client_id: key,
              }),
            stopped,
          ),
          runClient(
            writers.exerciseLogs,
            () => randomUUID(),
            (key) =>
              post(`${s.url}${patientProgramEndpoints.logExercise.path}`, patientToken, {
                hep_id: hepId,
                sets_done: 2,
                pain: 3,
                client_id: key,
              }),
            stopped,
          ),
          runClient(
            writers.programReads,
            () => randomUUID(),
            () => request('GET', `${s.url}${patientProgramEndpoints.today.path}`, patientToken),
            stopped,
          ),
        );
      }
      // Readiness as a load balancer sees it, a few times a second.
      clients.push(
        (async () => {
          while (!stop) {
            const at = Date.now();
            try {
              const res = await fetch(`${s.url}/ready`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
              await res.text();
              ready.push({
                kind: res.ok ? 'ok' : res.status === 503 ? 'unavailable' : 'other',
                detail: String(res.status),
                ms: Date.now() - at,
                at,
              });
            } catch (err) {
              ready.push({ kind: 'other', detail: (err as Error).message, ms: Date.now() - at, at });
            }
            await sleep(250);
          }
        })(),
      );

      const cuts: { from: number; to: number }[] = [];
      try {
        await sleep(1500);
        for (let n = 0; n < CUTS && s.isRunning(); n++) {
          const from = Date.now();
          proxy!.cut(n % 2 === 0 ? 'close' : 'reset');
          await sleep(CUT_MS);
          proxy!.restore();
          cuts.push({ from, to: Date.now() });
          await sleep(BETWEEN_CUTS_MS);
        }
        // Recovered: every writer has its writes acknowledged again after the last cut.
        const last = cuts.at(-1)?.to ?? Date.now();
        const deadline = Date.now() + 15_000;
        while (
          s.isRunning() &&
          Date.now() < deadline &&
          Object.values(writers).some((w) => w.acknowledged.filter((a) => a.at > last).length < 3)
        ) {
          await sleep(100);
        }
      } finally {
        stop = true;
        await Promise.all(clients);
      }

      const report = Object.values(writers)
        .map((w) => {
          const count = (kind: Outcome['kind']) => w.outcomes.filter((o) => o.kind === kind).length;
          const slowest = Math.max(...w.outcomes.map((o) => o.ms));
          return `${w.name}: ${w.acknowledged.length} acknowledged, ${count('unavailable')} answered 503, ${count('other')} other; slowest answer ${slowest} ms`;
        })
        .join('\n');
      console.log(`${report}\nreadiness: ${ready.filter((r) => r.kind === 'unavailable').length} answered 503`);

      // The server never exited.
      expect(s.isRunning(), `the server process ended:\n${s.output().slice(-4000)}`).toBe(true);
      expect(cuts).toHaveLength(CUTS);
      // Lost connections are logged by error class and code: not the driver's client (its settings and prepared
      // statements), nor anything a statement carried.
      const lostLines = s
        .output()
        .split('\n')
        .filter((line) => line.includes('database connection lost'));
      expect(lostLines.length, 'lost connections logged').toBeGreaterThan(0);
      expect(lostLines.filter((line) => /parsedStatements|connectionParameters|password|note /i.test(line))).toEqual(
        [],
      );

      // Every answer was an acknowledgement or a 503 problem, within the bound: none hung, none was a 500.
      for (const w of Object.values(writers)) {
        const others = w.outcomes.filter((o) => o.kind === 'other').map((o) => o.detail);
        expect(others, `${w.name}: answers other than success or 503`).toEqual([]);
        const slowest = Math.max(...w.outcomes.map((o) => o.ms));
        expect(slowest, `${w.name}: the slowest answer`).toBeLessThan(ANSWER_BOUND_MS);
      }
      expect(ready.filter((r) => r.kind === 'other').map((r) => r.detail)).toEqual([]);

      // During each cut the database's absence was answered with 503 (readiness, and the writers overall); between
      // cuts, and after the last, every writer's writes were acknowledged again without a restart.
      for (const [n, cut] of cuts.entries()) {
        const during = (o: Outcome) => o.at >= cut.from && o.at < cut.to;
        expect(
          ready.filter((r) => during(r) && r.kind === 'unavailable').length,
          `readiness 503 in cut ${n + 1}`,
        ).toBeGreaterThan(0);
        const writes503 = Object.values(writers)
          .flatMap((w) => w.outcomes)
          .filter((o) => during(o) && o.kind === 'unavailable');
        expect(writes503.length, `writes answered 503 in cut ${n + 1}`).toBeGreaterThan(0);
        const until = cuts[n + 1]?.from ?? Number.POSITIVE_INFINITY;
        for (const w of Object.values(writers)) {
          const after = w.acknowledged.filter((a) => a.at > cut.to && a.at < until);
          expect(after.length, `${w.name}: acknowledged after cut ${n + 1}`).toBeGreaterThan(0);
        }
      }
      for (const w of Object.values(writers)) {
        expect(
          w.outcomes.some((o) => o.kind === 'unavailable'),
          `${w.name} saw a 503`,
        ).toBe(true);
      }

      // Every acknowledged write is stored exactly once, with its one audit event; no key was stored twice.
      const { db } = database!.database;
      const staffKeys = writers.staffHttp.acknowledged.map((a) => a.key);
      const patientKeys = writers.patientSocket.acknowledged.map((a) => a.key);
      const logKeys = writers.exerciseLogs.acknowledged.map((a) => a.key);

      const messages = await db
        .select({ id: chatMessages.id, clientId: chatMessages.clientId, sender: chatMessages.senderUserId })
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, chatSession));
      const messageCount = (key: string, sender: number) =>
        messages.filter((m) => m.clientId === key && m.sender === sender).length;
      expect(
        staffKeys.filter((k) => messageCount(k, therapistId) !== 1),
        'staff messages not stored once',
      ).toEqual([]);
      expect(
        patientKeys.filter((k) => messageCount(k, patientUserId) !== 1),
        'patient messages not stored once',
      ).toEqual([]);
      const byKey = new Map<string, number>();
      for (const m of messages) byKey.set(m.clientId!, (byKey.get(m.clientId!) ?? 0) + 1);
      expect(
        [...byKey].filter(([, n]) => n > 1),
        'chat keys stored twice',
      ).toEqual([]);

      const logs = await db
        .select({ id: exerciseLogs.id, clientId: exerciseLogs.clientId })
        .from(exerciseLogs)
        .where(inArray(exerciseLogs.clientId, logKeys.length ? logKeys : ['none']));
      expect(
        logKeys.filter((k) => logs.filter((l) => l.clientId === k).length !== 1),
        'logs not stored once',
      ).toEqual([]);
      const doubledLogs = await db
        .select({ clientId: exerciseLogs.clientId })
        .from(exerciseLogs)
        .groupBy(exerciseLogs.patientId, exerciseLogs.clientId)
        .having(sql`count(*) > 1`);
      expect(doubledLogs, 'exercise logs stored twice').toEqual([]);

      const audited = async (action: string, idKey: string, ids: number[]) => {
        const rows = await db
          .select({ id: sql<number>`(${auditEvents.detail} ->> ${idKey})::int` })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, action)));
        return ids.filter((id) => rows.filter((r) => r.id === id).length !== 1);
      };
      const acknowledgedMessageIds = messages
        .filter((m) => staffKeys.includes(m.clientId!) || patientKeys.includes(m.clientId!))
        .map((m) => m.id);
      expect(await audited('chat.send', 'message_id', acknowledgedMessageIds), 'messages not audited once').toEqual([]);
      expect(
        await audited(
          'exercise.logged',
          'log_id',
          logs.map((l) => l.id),
        ),
        'logs not audited once',
      ).toEqual([]);

      // Every program read answered was audited (by the shared writer, whose batches the cuts broke); an attempt
      // answered 503 may have been audited too (its batch stored, the answer lost), but none twice.
      const reads = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'hep.read'), eq(auditEvents.patientId, patientId)));
      expect(reads.length, 'program reads audited').toBeGreaterThanOrEqual(writers.programReads.acknowledged.length);
      expect(reads.length, 'program reads audited').toBeLessThanOrEqual(writers.programReads.outcomes.length);
    }, 90_000);
  },
);
