import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '@rehabit/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { api, makeStaffedClinic } from './patients-support.ts';

/**
 * Live chat clients for socket tests: each one records the `new_message` events it receives. Call `closeAll` after
 * the tests.
 */
export function chatListeners() {
  const sockets: Socket[] = [];
  return {
    listen(baseUrl: string, token: string, lastMessageId?: number) {
      const received: ChatMessage[] = [];
      const socket = connect(baseUrl, {
        auth: { token, last_message_id: lastMessageId },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      socket.on('new_message', (m: ChatMessage) => received.push(m));
      socket.on('disconnect', (reason) => closeReasons.set(socket, reason));
      return new Promise<{ socket: Socket; received: ChatMessage[] }>((resolve, reject) => {
        socket.on('connect', () => resolve({ socket, received }));
        socket.on('connect_error', reject);
      });
    },
    closeAll() {
      for (const s of sockets) s.disconnect();
    },
  };
}

const closeReasons = new WeakMap<Socket, string>();

/** Why the socket closed (now or within `ms`; e.g. 'io server disconnect'), or 'still open'. */
export const closedWithin = (socket: Socket, ms: number) =>
  new Promise<string>((resolve) => {
    const reason = closeReasons.get(socket);
    if (reason) return resolve(reason);
    const timer = setTimeout(() => resolve('still open'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** Gives in-flight socket events time to arrive before asserting that nothing (more) came. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/**
 * The app listening on a loopback port with two staffed clinics (`home`, `away`), for tests with live chat clients:
 * `listen(token)` connects one. `close` ends the clients and the app.
 */
async function chatTestbed(t: TestApp) {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const home = await makeStaffedClinic(t.app, t.database.db);
  const away = await makeStaffedClinic(t.app, t.database.db);
  const listeners = chatListeners();
  return {
    t,
    call: api(t.app),
    home,
    away,
    listen: (token: string, lastMessageId?: number) => listeners.listen(baseUrl, token, lastMessageId),
    close: async () => {
      listeners.closeAll();
      await t.close();
    },
  };
}

/**
 * `chatTestbed` for the tests of one file, awaited at the file's top: made as the file is collected, just before its
 * tests run, and closed (its clients, then the app) after its last test.
 */
export async function chatTestbedForFile() {
  const t = await createTestApp();
  // Registered before the port and the clinics, so a failure there still closes the app and drops its database.
  let close = () => t.close();
  afterAll(() => close());
  const bed = await chatTestbed(t);
  close = bed.close;
  return bed;
}
