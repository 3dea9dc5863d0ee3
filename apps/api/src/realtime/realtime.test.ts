import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClinic, makeClinicWithSupervisor, makeUser, PASSWORD } from '../../test/factories.ts';
import { bearer, createTestApp, type TestApp, testConfig } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function signedIn(app: FastifyInstance, clinicId: number) {
  const user = await makeUser(t.database.db, clinicId);
  const res = await app.inject({
    method: 'POST',
    url: '/clinic/therapist/signin',
    payload: { email: user.email, password: PASSWORD },
  });
  return { ...user, token: res.json().token as string };
}

/** Connects and resolves once the server accepted (or refused) the handshake. */
function open(target: string, token: string, extraHeaders: Record<string, string> = {}) {
  const socket = connect(target, { auth: { token }, transports: ['websocket'], extraHeaders, reconnection: false });
  sockets.push(socket);
  return new Promise<{ socket: Socket; error?: string }>((resolve) => {
    socket.on('connect', () => resolve({ socket }));
    socket.on('connect_error', (err) => resolve({ socket, error: err.message }));
  });
}

const nextEvent = (socket: Socket, event: string, ms = 2000) =>
  new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    socket.once(event, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('real-time connections', () => {
  it('delivers to the signed-in user private room only', async () => {
    const clinic = await makeClinic(t.database.db);
    const alice = await signedIn(t.app, clinic.id);
    const bob = await signedIn(t.app, clinic.id);
    const a = await open(url, alice.token);
    const b = await open(url, bob.token);
    expect(a.error).toBeUndefined();
    const forAlice = nextEvent(a.socket, 'new_message');
    const forBob = nextEvent(b.socket, 'new_message', 500);
    t.app.realtime.toUser(alice.id, 'new_message', { id: 1, message: 'Hello' });
    expect(await forAlice).toEqual({ id: 1, message: 'Hello' });
    expect(await forBob).toBe('timeout');
  });

  it('refuses missing, unknown and revoked tokens', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await signedIn(t.app, clinic.id);
    expect((await open(url, '')).error).toBe('unauthenticated');
    expect((await open(url, 'x'.repeat(43))).error).toBe('unauthenticated');
    await t.app.inject({ method: 'POST', url: '/clinic/therapist/logout', headers: bearer(user.token) });
    expect((await open(url, user.token)).error).toBe('unauthenticated');
  });

  it('closes the connection when its session ends or access is removed', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await signedIn(t.app, clinic.id);
    const { socket } = await open(url, user.token);
    const closed = new Promise((resolve) => socket.on('disconnect', resolve));
    await t.app.inject({ method: 'POST', url: '/clinic/therapist/logout', headers: bearer(user.token) });
    expect(await closed).toBe('io server disconnect');
  });

  it("closes both accounts' connections when the supervisor role is handed over", async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const former = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: supervisor.email, password: PASSWORD },
    });
    const formerToken = former.json().token as string;
    const successor = await signedIn(t.app, clinic.id);
    const formerSocket = (await open(url, formerToken)).socket;
    const successorSocket = (await open(url, successor.token)).socket;
    const formerClosed = new Promise((resolve) => formerSocket.on('disconnect', resolve));
    const successorClosed = new Promise((resolve) => successorSocket.on('disconnect', resolve));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/admin/clinic/update/supervisor',
      headers: bearer(formerToken),
      payload: { user_id: successor.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await formerClosed).toBe('io server disconnect');
    expect(await successorClosed).toBe('io server disconnect');
  });

  it("closes the supervisor's other connections at a new password, and keeps the one that set it", async () => {
    const { supervisor } = await makeClinicWithSupervisor(t.database.db);
    const signin = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/clinic/therapist/signin',
          payload: { email: supervisor.email, password: PASSWORD },
        })
      ).json().token as string;
    const [here, elsewhere] = [await signin(), await signin()];
    const hereSocket = (await open(url, here)).socket;
    const elsewhereSocket = (await open(url, elsewhere)).socket;
    const elsewhereClosed = new Promise((resolve) => elsewhereSocket.on('disconnect', resolve));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/clinic/supervisor',
      headers: bearer(here),
      payload: { new_password: 'steady-maple-forest-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await elsewhereClosed).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 200));
    expect(hereSocket.connected).toBe(true);
  });

  it('refuses browsers from a foreign origin', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await signedIn(t.app, clinic.id);
    expect((await open(url, user.token, { origin: 'https://evil.example.test' })).error).toBeDefined();
    expect((await open(url, user.token, { origin: 'http://rehabit.test' })).error).toBeUndefined();
  });
});

describe('several servers', () => {
  it('deliver to each other clients through Redis', async () => {
    const config = testConfig({ REDIS_URL: 'redis://127.0.0.1:6379' });
    const first = await buildApp({ config, database: t.database, logger: false });
    const second = await buildApp({ config, database: t.database, logger: false });
    try {
      await first.listen({ host: '127.0.0.1', port: 0 });
      await second.listen({ host: '127.0.0.1', port: 0 });
      const clinic = await makeClinic(t.database.db);
      const user = await signedIn(first, clinic.id);
      const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const { socket, error } = await open(secondUrl, user.token);
      expect(error).toBeUndefined();
      const received = nextEvent(socket, 'new_message', 3000);
      first.realtime.toUser(user.id, 'new_message', { id: 7, message: 'Across servers' });
      expect(await received).toEqual({ id: 7, message: 'Across servers' });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
