// `send_message` is served by the endpoint pipeline of POST /chat/message (decision 1325). The socket adapter and
// the HTTP route are given the same chat service, here one that never audits; a socket that went round the pipeline
// would save a message the permission table refuses, or one left without its audit row, where HTTP answers a
// problem. Both transports must answer the same problem.
import { type Action, type ChatMessage, type ChatSendAck, chatEndpoints, permissions } from '@rehabit/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Socket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../db/scope.ts';
import { route } from '../../http/route.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import type { ChatService } from './chat.service.ts';
import { acceptSocketSends } from './chat.socket.ts';

const actor: Actor = { id: 7, clinicId: 3, clinicCode: 'HOME', role: 'therapist' };
const body = { session: 11, message: 'Ice after the walk' };

/** What the service saved, and answered: a message, saved without a word to the audit trail. */
const saved: unknown[] = [];
const chat = {
  send: async (sender: Actor, sent: typeof body): Promise<ChatMessage> => {
    saved.push(sent);
    return {
      id: saved.length,
      session: sent.session,
      message: sent.message,
      sender: { id: sender.id, display_name: 'Jamie', role: sender.role },
      created_at: '2026-03-02T15:00:00.000Z',
      client_id: null,
    };
  },
} as unknown as ChatService;
const audit: AuditLog = { record: async () => {} };
/** The stand-in chat service reads nothing: the callers' data access, built on first use, is never built. */
const unusedDatabase = {} as Db;
const log = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

/** The socket adapter on a stand-in for the socket server: one open socket of the actor, whose session lives. */
async function socketSender() {
  const connected: Parameters<Realtime['onConnect']>[0][] = [];
  const realtime = {
    onConnect: (handler: (typeof connected)[number]) => connected.push(handler),
    mayAct: async () => true,
  } as unknown as Realtime;
  acceptSocketSends({ db: unusedDatabase, chat, realtime, audit, log });
  const listeners = new Map<string, (body: unknown, ack: (reply: ChatSendAck) => void) => void>();
  const socket = {
    data: { actor, ip: '127.0.0.1' },
    handshake: { headers: {} },
    on: (event: string, listener: never) => listeners.set(event, listener),
    disconnect: () => {},
  } as unknown as Socket;
  for (const handler of connected) await handler(socket, actor);
  return (sent: unknown) => new Promise<ChatSendAck>((resolve) => listeners.get('send_message')!(sent, resolve));
}

let http: FastifyInstance;
let sendOverSocket: Awaited<ReturnType<typeof socketSender>>;
beforeAll(async () => {
  http = Fastify({ logger: false });
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(http, {});
  http.decorate('audit', audit);
  http.decorate('db', unusedDatabase);
  http.decorateRequest('actor', null);
  http.addHook('onRequest', async (request) => {
    request.actor = actor;
  });
  route(http, chatEndpoints.send, ({ actor, body, ctx }) => chat.send(actor, body, ctx));
  await http.ready();
  sendOverSocket = await socketSender();
});
afterAll(() => http.close());

const sendOverHttp = async (sent: unknown) => {
  const res = await http.inject({ method: 'POST', url: '/chat/message', payload: sent as object });
  return { status: res.statusCode, body: res.json() };
};

/** Runs with the permission table giving an action to fewer roles, as a change of the table would. */
async function withTable<T>(action: Action, roles: readonly string[], run: () => Promise<T>): Promise<T> {
  const table = permissions as Record<Action, readonly string[]>;
  const before = table[action];
  table[action] = roles;
  try {
    return await run();
  } finally {
    table[action] = before;
  }
}

describe('send_message and POST /chat/message, one pipeline', () => {
  it('refuses a role the permission table refuses with the same problem, before the service', async () => {
    const staffOnly = permissions['chat.use'].filter((role) => role !== 'therapist');
    const [overHttp, overSocket] = await withTable('chat.use', staffOnly, async () => [
      await sendOverHttp(body),
      await sendOverSocket(body),
    ]);
    expect(overHttp).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(overSocket).toEqual({ problem: overHttp.body });
    expect(saved).toEqual([]);
  });

  it('fails a send whose service left no audit row, as HTTP does outside production', async () => {
    const overHttp = await sendOverHttp(body);
    const overSocket = await sendOverSocket(body);
    expect(overHttp).toMatchObject({ status: 500, body: { code: 'internal_error' } });
    expect(overSocket).toEqual({ problem: overHttp.body });
  });

  it('validates with the endpoint’s schema, answering the same problem', async () => {
    const blank = { session: 11, message: '   ' };
    const overHttp = await sendOverHttp(blank);
    expect(overHttp).toMatchObject({ status: 400, body: { errors: { message: ['Write a message'] } } });
    expect(await sendOverSocket(blank)).toEqual({ problem: overHttp.body });
  });
});
