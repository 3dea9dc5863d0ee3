import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config.ts';
import type { Actor } from '../db/scope.ts';
import type { RequestContext } from '../http/request-context.ts';
import { createRedisPubSub } from '../lib/redis.ts';
import type { SessionsService } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const userRoom = (userId: number) => `private-user-${userId}`;

/**
 * How long a socket's session is trusted for an action (a send) between checks. Sign-out, a new password, removed
 * access and a removed patient close the account's sockets at once, and expiry closes them at the session's end;
 * this bounds a change made outside the portal (the command line) to seconds, without a query for every message.
 */
export const SESSION_RECHECK_MS = 10_000;

/** How often a server looks among its own sockets for those whose session's known end has come. */
export const SESSION_SWEEP_MS = 1_000;

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
  /**
   * Whether the socket's session may still act (e.g. send): checked again, and counted as activity as a request is,
   * when the last check is `SESSION_RECHECK_MS` old or the session's known end has come. False when it has ended.
   */
  mayAct: (socket: Socket) => Promise<boolean>;
  io: Server;
};

/** What a connection knows of its session (`socket.data`). */
type SocketSession = {
  actor: Actor;
  sessionId: number;
  ip: string | null;
  /** When the session ends unless used again (clock milliseconds), as last read. */
  sessionEndsAt: number;
  /** When the session was last checked for an action. */
  sessionCheckedAt: number;
};
type Packet = Parameters<Socket['conn']['write']>;
const sessionOf = (socket: Socket) => socket.data as SocketSession;

/** Where a socket's call came from, as a request's context says it for the audit log. */
export const socketContext = (socket: Socket): RequestContext => ({
  ip: sessionOf(socket).ip,
  userAgent: socket.handshake.headers['user-agent'] ?? null,
});

type Options = {
  sessions: Pick<SessionsService, 'clock' | 'resolveSession' | 'sessionEndsAt' | 'useSession'>;
  config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'TRUST_PROXY'>;
};

/**
 * Socket.IO on the API's own HTTP server. A client authenticates with its session token in the handshake
 * (`auth: { token }`) and joins its private room; browsers from origins other than the portal's are refused.
 */
export async function attachRealtime(app: FastifyInstance, { sessions, config }: Options): Promise<Realtime> {
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

  const clock = sessions.clock;
  const roomRules: RoomRule[] = [];
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    try {
      const session = token ? await sessions.resolveSession(token) : null;
      if (!session) return next(new Error('unauthenticated'));
      socket.data = {
        actor: session.actor,
        sessionId: session.sessionId,
        ip: clientIp(socket.handshake, config.TRUST_PROXY),
        sessionEndsAt: session.endsAt.getTime(),
        sessionCheckedAt: clock.now().getTime(),
      } satisfies SocketSession;
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

  const hasEnded = (socket: Socket) => clock.now().getTime() >= sessionOf(socket).sessionEndsAt;
  /** A later end, read from the database (requests and sends move it); an earlier one is an older reading. */
  const extend = (socket: Socket, endsAt: Date) => {
    const session = sessionOf(socket);
    session.sessionEndsAt = Math.max(session.sessionEndsAt, endsAt.getTime());
  };

  /**
   * Holds a socket whose session's known end has come: nothing more is written to it until the session is read again.
   * Still live (requests moved its end): what waited goes out and the new end is kept. Ended: what waited is dropped
   * and the socket is closed. A socket closed meanwhile (sign-out, shutdown) drops what waited and closes as usual.
   */
  const held = new Map<Socket, Packet[]>();
  function hold(socket: Socket) {
    if (held.has(socket)) return;
    const waiting: Packet[] = [];
    held.set(socket, waiting);
    const conn = socket.conn;
    conn.write = (...packet) => {
      waiting.push(packet);
      return conn;
    };
    socket.disconnect = (close) => {
      release(socket);
      return socket.disconnect(close);
    };
    const read = sessions.sessionEndsAt(sessionOf(socket).sessionId).catch((err) => {
      // Unknown is treated as ended: the client reconnects (and catches up) once the database answers again.
      app.log.warn({ err }, 'socket session check failed');
      return null;
    });
    void read.then((endsAt) => {
      if (held.get(socket) !== waiting) return;
      release(socket);
      if (endsAt) extend(socket, endsAt);
      if (!endsAt || hasEnded(socket)) socket.disconnect(true);
      else for (const packet of waiting) conn.write(...packet);
    });
  }

  function release(socket: Socket) {
    if (!held.delete(socket)) return;
    // The instance's own versions go; the library's return.
    Reflect.deleteProperty(socket.conn, 'write');
    Reflect.deleteProperty(socket, 'disconnect');
  }

  // Each server sweeps its own sockets, so a session that ends while its socket is quiet closes within a second.
  const sweep = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) if (hasEnded(socket)) hold(socket);
  }, SESSION_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });

  const handlers: ConnectionHandler[] = [];
  io.on('connection', (socket) => {
    // Every packet for the socket, from this server or another (Redis), passes here before it is written: past the
    // session's known end it waits for the session to be read again, so an ended session is never sent anything.
    socket.onAnyOutgoing(() => {
      if (hasEnded(socket)) hold(socket);
    });
    socket.on('disconnect', () => release(socket));
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
    mayAct: async (socket) => {
      const session = sessionOf(socket);
      const now = clock.now().getTime();
      if (now - session.sessionCheckedAt < SESSION_RECHECK_MS && now < session.sessionEndsAt) return true;
      const endsAt = await sessions.useSession(session.sessionId);
      if (!endsAt) return false;
      session.sessionCheckedAt = now;
      extend(socket, endsAt);
      return true;
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
