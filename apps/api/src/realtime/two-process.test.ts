/**
 * Chat across two real server processes that share Redis and PostgreSQL, as a portal runs behind a load
 * balancer: a message sent through one process reaches the clients connected to the other, and no one else.
 *
 * Each run creates its own PostgreSQL database (dropped afterwards) and starts two `src/server.ts` processes on
 * it, as `npm start` does, with a Redis key prefix of its own so parallel runs never hear each other.
 *
 * Needs: PostgreSQL and Redis. The database server is TEST_DATABASE_URL; on the embedded-database run (no
 * TEST_DATABASE_URL) the test is skipped, because two processes cannot share an in-memory database (CI runs it
 * in the PostgreSQL pass). Redis is `redis://127.0.0.1:6379`, like the other Redis tests; if it does not answer,
 * the test fails saying so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatMessage } from '@rehabit/contract';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { makeClinic, makeClinicWithSupervisor, makeUser, PASSWORD } from '../../test/factories.ts';
import { patientBody } from '../../test/patients-support.ts';
import { type ServerProcess, spawnServer, stopServer, waitReady } from '../../test/server-process.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const keyPrefix = `rehabit-test-${process.pid}-${Date.now().toString(36)}`;

type Server = ServerProcess & { name: string };
type Person = { id: number; email: string; token: string };
type Listener = { socket: Socket; received: ChatMessage[] };

let database: TestDatabase | undefined;
let dataDir: string | undefined;
const servers: Server[] = [];
const sockets: Socket[] = [];
let a: Server;
let b: Server;
let therapist: Person;
let manager: Person;
let stranger: Person; // therapist of another clinic
let admin: Person;
let patientSession: number;

async function startServer(name: string, databaseUrl: string): Promise<Server> {
  const server = {
    name,
    ...(await spawnServer({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://rehabit.test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir!,
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'silent',
    })),
  };
  servers.push(server);
  return server;
}

/**
 * Until both servers' Socket.IO adapters subscribed to this run's channels: they subscribe in the background
 * after start-up, and a message published before that would be missed by design, not by a bug.
 */
async function waitSubscribed(redis: Redis, count: number, ms = 10_000) {
  const channel = `${keyPrefix}-socket.io-request#/#`;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const [, subscribers] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
    if (Number(subscribers) >= count) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the servers did not subscribe to ${channel} in Redis within ${ms} ms`);
}

// If the test process itself goes away, the servers must not outlive it.
const killAll = () => {
  for (const s of servers) if (s.isRunning()) s.child.kill('SIGKILL');
};
process.once('exit', killAll);

async function call(server: Server, method: 'GET' | 'POST', route: string, token?: string, body?: object) {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function signIn(server: Server, user: { id: number; email: string }): Promise<Person> {
  const res = await call(server, 'POST', '/clinic/therapist/signin', undefined, {
    email: user.email,
    password: PASSWORD,
  });
  expect(res.status, `sign-in on ${server.name}: ${res.text}`).toBe(200);
  return { id: user.id, email: user.email, token: res.json().token };
}

function listen(server: Server, person: Person): Promise<Listener> {
  const socket = connect(server.url, { auth: { token: person.token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const received: ChatMessage[] = [];
  socket.on('new_message', (m: ChatMessage) => received.push(m));
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve({ socket, received }));
    socket.on('connect_error', (err) => reject(new Error(`socket to ${server.name}: ${err.message}`)));
  });
}

/** The listener's copy of message `id`, once it arrives. */
async function delivered(listener: Listener, id: number, ms = 10_000): Promise<ChatMessage | undefined> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = listener.received.find((m) => m.id === id);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

async function send(server: Server, person: Person, session: number, message: string) {
  const res = await call(server, 'POST', '/chat/message', person.token, { session, message });
  expect(res.status, `send on ${server.name}: ${res.text}`).toBe(201);
  const saved = res.json() as ChatMessage;
  expect(saved).toMatchObject({ session, message, sender: { id: person.id } });
  return saved;
}

// Anything that was going to arrive at the wrong client would arrive with the right one; this covers stragglers.
const settle = () => new Promise((r) => setTimeout(r, 300));

const databaseServer = process.env.TEST_DATABASE_URL;

const title = 'chat across two server processes sharing Redis';
describe.skipIf(!databaseServer)(
  databaseServer ? title : `${title} (skipped: needs TEST_DATABASE_URL, the embedded database is in-process)`,
  () => {
    beforeAll(async () => {
      const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
      let redisError = '';
      redis.on('error', (err) => (redisError ||= err.message));
      try {
        try {
          await redis.connect();
          await redis.ping();
        } catch (err) {
          throw new Error(
            `Redis does not answer at ${REDIS_URL} (${redisError || (err as Error).message}); the two-process real-time test needs it`,
          );
        }

        database = await createTestDatabase();
        dataDir = await mkdtemp(path.join(tmpdir(), 'rehabit-two-process-'));
        const { db } = database.database;
        const { clinic } = await makeClinicWithSupervisor(db);
        const therapistUser = await makeUser(db, clinic.id, { role: 'therapist' });
        const managerUser = await makeUser(db, clinic.id, { role: 'manager' });
        const strangerUser = await makeUser(db, (await makeClinic(db)).id, { role: 'therapist' });
        const adminUser = await makeUser(db, (await makeClinic(db)).id, { role: 'admin' });

        [a, b] = await Promise.all([startServer('A', database.url!), startServer('B', database.url!)]);
        await Promise.all([waitReady(a), waitReady(b)]);
        await waitSubscribed(redis, 2);

        // Sessions are shared through the database: a token from one server works on the other.
        therapist = await signIn(a, therapistUser);
        manager = await signIn(b, managerUser);
        stranger = await signIn(a, strangerUser);
        admin = await signIn(b, adminUser);

        const registered = await call(a, 'POST', '/clinic/patient/register', manager.token, patientBody());
        expect(registered.status, registered.text).toBe(201);
        const opened = await call(b, 'POST', '/chat/session', therapist.token, { patient: registered.json().id });
        expect(opened.status, opened.text).toBe(200);
        patientSession = opened.json().id;
      } finally {
        redis.disconnect();
      }
    }, 120_000);

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      try {
        await Promise.all(servers.map(stopServer));
      } finally {
        process.removeListener('exit', killAll);
        await database?.drop();
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('delivers a message sent through A to the clinic staff connected to B, and to no other clinic', async () => {
      const managerOnB = await listen(b, manager);
      const strangerOnA = await listen(a, stranger);
      const strangerOnB = await listen(b, stranger);

      const saved = await send(a, therapist, patientSession, `From A ${Date.now()}`);

      expect(await delivered(managerOnB, saved.id), 'the manager on B got the message').toEqual(saved);
      await settle();
      expect(managerOnB.received.filter((m) => m.id === saved.id)).toHaveLength(1);
      expect(strangerOnA.received).toEqual([]);
      expect(strangerOnB.received).toEqual([]);
    });

    it('delivers a message sent through B to the clinic staff connected to A, and to no other clinic', async () => {
      const therapistOnA = await listen(a, therapist);
      const strangerOnA = await listen(a, stranger);
      const strangerOnB = await listen(b, stranger);

      const saved = await send(b, manager, patientSession, `From B ${Date.now()}`);

      expect(await delivered(therapistOnA, saved.id), 'the therapist on A got the message').toEqual(saved);
      await settle();
      expect(therapistOnA.received.filter((m) => m.id === saved.id)).toHaveLength(1);
      expect(strangerOnA.received).toEqual([]);
      expect(strangerOnB.received).toEqual([]);
    });

    it("delivers a support message to the admins and the sender's own tabs on the other server only", async () => {
      const support = await call(a, 'GET', '/chat/support', therapist.token);
      expect(support.status, support.text).toBe(200);
      const session = support.json().results[0].id as number;
      const adminOnB = await listen(b, admin);
      const senderTabOnB = await listen(b, therapist);
      const managerOnB = await listen(b, manager);
      const strangerOnA = await listen(a, stranger);

      const saved = await send(a, therapist, session, `Support from A ${Date.now()}`);

      expect(await delivered(adminOnB, saved.id), 'the admin on B got the message').toEqual(saved);
      expect(await delivered(senderTabOnB, saved.id), "the sender's tab on B got the message").toEqual(saved);
      await settle();
      expect(managerOnB.received).toEqual([]);
      expect(strangerOnA.received).toEqual([]);
    });
  },
);
