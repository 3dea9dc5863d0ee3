/**
 * Chat through the proxy while a node dies (decision 1455): the clients on it reconnect through the proxy to the
 * node left, name the last message they have, and catch up; the sender's sends are retried with their client id.
 * Every client ends with every message, once, and the conversation holds each message once.
 *
 * A client may be sent a message twice around its reconnection (live, and in the catch-up that follows); it keeps
 * it once by its id, as the portal's pages do (merge-message.ts in the web app).
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ChatMessage } from '@rehabit/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, it } from 'vitest';
import { call, clinicWithPatient, type Person, type TestCluster } from './support.ts';

type Listener = {
  name: string;
  socket: Socket;
  /** Each message once, in the order it first came. */
  received: ChatMessage[];
  drops: number;
  /** Resolves once every one of the ids has arrived. */
  hasAll: (ids: number[], ms?: number) => Promise<void>;
};

/**
 * A client as the portal's pages are one: it reconnects by itself and names the newest message it has at each
 * connection. `polling` starts on Socket.IO's long-polling transport (upgrading later), which needs the proxy's
 * sticky cookie: Node's client keeps cookies only with `withCredentials`.
 */
function listen(url: string, person: Person, name: string, polling = false): Promise<Listener> {
  const received: ChatMessage[] = [];
  const arrived = new EventEmitter();
  let newest = 0;
  const socket = connect(url, {
    transports: polling ? ['polling', 'websocket'] : ['websocket'],
    withCredentials: polling,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    auth: (send) => send(newest > 0 ? { token: person.token, last_message_id: newest } : { token: person.token }),
  });
  const listener: Listener = {
    name,
    socket,
    received,
    drops: 0,
    hasAll: (ids, ms = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const have = new Set(received.map((m) => m.id));
          if (!ids.every((id) => have.has(id))) return;
          arrived.off('message', check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          arrived.off('message', check);
          const have = new Set(received.map((m) => m.id));
          reject(new Error(`${name} is missing messages ${ids.filter((id) => !have.has(id)).join(', ')}`));
        }, ms);
        arrived.on('message', check);
        check();
      }),
  };
  socket.on('new_message', (message: ChatMessage) => {
    if (received.some((m) => m.id === message.id)) return;
    received.push(message);
    newest = Math.max(newest, message.id);
    arrived.emit('message');
  });
  socket.on('disconnect', () => {
    listener.drops += 1;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(listener));
    socket.once('connect_error', (err) => reject(new Error(`${name} could not connect: ${err.message}`)));
  });
}

/**
 * Sends through the proxy until the send is saved: a send whose answer was lost with its node is sent again with
 * the same client id, which the server saves once.
 */
async function sendSurely(url: string, person: Person, session: number, message: string): Promise<ChatMessage> {
  const body = { session, message, client_id: randomUUID().replaceAll('-', '') };
  let last = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const res = await call(url, 'POST', '/chat/message', { token: person.token, body });
      if (res.status === 201) return res.json();
      last = `${res.status} ${res.text}`;
      if (res.status < 500) break;
    } catch (err) {
      last = (err as Error).message;
    }
  }
  throw new Error(`the send of "${message}" was never saved: ${last}`);
}

export function chatCases(t: () => TestCluster) {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  it('loses no message and saves none twice when a node is killed mid-chat', async () => {
    const { cluster } = t();
    const { therapist, manager, patientId } = await clinicWithPatient(t());
    const opened = await call(cluster.url, 'POST', '/chat/session', {
      token: therapist.token,
      body: { patient: patientId },
    });
    expect(opened.status, opened.text).toBe(200);
    const session = opened.json().id as number;

    // One after another, so the proxy spreads them over both nodes.
    const listeners: Listener[] = [];
    for (const [person, name, polling] of [
      [therapist, 'therapist tab 1', false],
      [manager, 'manager tab 1', false],
      [therapist, 'therapist tab 2', true],
      [manager, 'manager tab 2', false],
    ] as const) {
      const listener = await listen(cluster.url, person, name, polling);
      sockets.push(listener.socket);
      listeners.push(listener);
    }

    const sent: ChatMessage[] = [];
    const sendSome = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const sender = i % 2 === 0 ? therapist : manager;
        sent.push(await sendSurely(cluster.url, sender, session, `message ${sent.length + 1}`));
      }
    };
    await sendSome(10);
    await Promise.all(listeners.map((listener) => listener.hasAll(sent.map((m) => m.id))));

    // Killed while the sends go on: some of them reach the dead node before the proxy marks it down.
    const sending = sendSome(20);
    await cluster.kill('node1');
    await sending;
    expect(
      listeners.filter((listener) => listener.drops > 0).length,
      'a client was on the killed node',
    ).toBeGreaterThan(0);

    const ids = sent.map((m) => m.id);
    await Promise.all(listeners.map((listener) => listener.hasAll(ids)));
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    for (const listener of listeners) {
      expect(sorted(listener.received.map((m) => m.id)), `what ${listener.name} holds`).toEqual(sorted(ids));
    }

    const stored = await call(cluster.url, 'GET', `/chat/message?session=${session}&page_size=100`, {
      token: therapist.token,
    });
    expect(stored.status, stored.text).toBe(200);
    const texts = (stored.json().results as ChatMessage[]).map((m) => m.message).sort();
    expect(texts).toEqual(sent.map((m) => m.message).sort());
  });
}
