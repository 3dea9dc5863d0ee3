import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config.ts';
import type { Actor } from '../db/scope.ts';
import { createRedisPubSub } from '../lib/redis.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const userRoom = (userId: number) => `private-user-${userId}`;

type ConnectionHandler = (socket: Socket, actor: Actor) => Promise<void>;
type RoomRule = (actor: Actor) => string[];

export type Realtime = {
  /** Emits to every connection in the rooms, on this server and, with Redis, on every other one. */
  toRooms: (rooms: string[], event: string, payload: unknown) => void;
  toUser: (userId: number, event: string, payload: unknown) => void;
  /** Extra rooms a connection joins at its handshake, by who it is (e.g. the clinic's chat room). */
  addRoomRule: (rule: RoomRule) => void;
  /** Runs for every authenticated connection, e.g. to send what a reconnecting client missed. */
  onConnect: (handler: ConnectionHandler) => void;
  /** Closes the user's connections (all, one session's, or all but one session's): at logout and when access ends. */
  disconnectUser: (userId: number, only?: { session?: number; except?: number }) => Promise<void>;
  io: Server;
};

type Options = {
  auth: AuthService;
  config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'TRUST_PROXY'>;
};

/**
 * Socket.IO on the API's own HTTP server. A client authenticates with its session token in the handshake
 * (`auth: { token }`) and joins its private room; browsers from origins other than the portal's are refused.
 */
export async function attachRealtime(app: FastifyInstance, { auth, config }: Options): Promise<Realtime> {
  const allowedOrigins = new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]);
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: [...allowedOrigins], credentials: true },
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      // Non-browser clients send no Origin; they still need a valid token below.
      callback(null, !origin || allowedOrigins.has(origin) || isSameHost(origin, req.headers.host));
    },
  });

  if (config.REDIS_URL) {
    const redis = createRedisPubSub(config.REDIS_URL, app.log);
    // Servers with the same prefix hear each other: `<prefix>-socket.io#/#…` channels.
    io.adapter(createAdapter(redis.pub, redis.sub, { key: `${config.REDIS_KEY_PREFIX}-socket.io` }));
    app.addHook('onClose', async () => {
      await redis.close();
    });
  }

  const roomRules: RoomRule[] = [];
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    try {
      const session = token ? await auth.resolveSession(token) : null;
      if (!session) return next(new Error('unauthenticated'));
      socket.data.actor = session.actor satisfies Actor;
      socket.data.sessionId = session.sessionId;
      socket.data.ip = clientIp(socket.handshake, config.TRUST_PROXY);
      await socket.join([userRoom(session.actor.id), ...roomRules.flatMap((rule) => rule(session.actor))]);
      return next();
    } catch (err) {
      app.log.warn({ err }, 'socket authentication failed');
      return next(new Error('unavailable'));
    }
  });

  // Before the HTTP server stops: open websockets would otherwise keep it waiting forever.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });

  const handlers: ConnectionHandler[] = [];
  io.on('connection', (socket) => {
    for (const handler of handlers) {
      handler(socket, socket.data.actor).catch((err) => app.log.warn({ err }, 'socket connection handler failed'));
    }
  });
  const realtime: Realtime = {
    io,
    toRooms: (rooms, event, payload) => {
      if (rooms.length > 0) io.to(rooms).emit(event, payload);
    },
    toUser: (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload),
    addRoomRule: (rule) => roomRules.push(rule),
    onConnect: (handler) => handlers.push(handler),
    disconnectUser: async (userId, only = {}) => {
      for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
        const { sessionId } = socket.data;
        if (only.session !== undefined && sessionId !== only.session) continue;
        if (only.except !== undefined && sessionId === only.except) continue;
        socket.disconnect(true);
      }
    },
  };
  app.decorate('realtime', realtime);
  return realtime;
}

/** The page's own origin is always allowed, whatever host name the portal is reached by. */
function isSameHost(origin: string, host: string | undefined) {
  try {
    return Boolean(host) && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The client's address for the audit log, read as HTTP requests read it (the proxy's forwarded address if trusted). */
function clientIp(handshake: Socket['handshake'], trustProxy: boolean): string | null {
  const forwarded = handshake.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return (trustProxy && first) || handshake.address || null;
}
