import { authEndpoints } from '@rehabit/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { env } from '../config/env.ts';
import { getToken, onTokenChange } from './access-token.ts';
import { call } from './api-client.ts';
import { firstScreenDrawn } from './first-screen-drawn.ts';

type Handler = (payload: unknown) => void;

/**
 * Raised to listeners each time the connection is made, the first time too, so caches catch up on what is not
 * replayed: what was said between a screen's first fetch and the connection reached no socket of this tab.
 */
export const SOCKET_CONNECTED = 'rehabit:connected';

// One connection for the signed-in user, shared by every hook that listens (architecture convention 10).
let socket: Socket | null = null;
let opening: Promise<void> | null = null;
let users = 0;
let lastMessageId = 0;
// Reconnections after the server closed or refused the connection, each after the session was confirmed.
let confirmations = 0;
const listeners = new Map<string, Set<Handler>>();

/** Whether live updates flow; 'lost' after a drop until the connection is back. */
export type SocketStatus = 'off' | 'live' | 'lost';
let status: SocketStatus = 'off';
const statusWatchers = new Set<() => void>();
function setStatus(next: SocketStatus) {
  if (next === status) return;
  status = next;
  for (const watcher of statusWatchers) watcher();
}

/** The newest message id this tab has seen; a reconnect asks the server for everything after it. */
export function noteMessageId(id: number) {
  if (id > lastMessageId) lastMessageId = id;
}

function dispatch(event: string, payload?: unknown) {
  for (const handler of listeners.get(event) ?? []) handler(payload);
}

function open() {
  if (socket || opening || !getToken()) return;
  // The client library loads with the first listener, and only once the first screen is drawn (decision 1122).
  opening = firstScreenDrawn
    .then(() => import('socket.io-client'))
    .then(({ io }) => {
      opening = null;
      const token = getToken();
      if (users === 0 || !token || socket) return;
      const next = io(env.apiUrl || undefined, {
        path: '/socket.io',
        // Websocket only: no long-polling, so several servers need no sticky sessions.
        transports: ['websocket'],
        // Read at every (re)connection: the current token and the newest message this tab has.
        auth: (send) => send(lastMessageId > 0 ? { token, last_message_id: lastMessageId } : { token }),
      });
      next.onAny((event: string, payload: unknown) => dispatch(event, payload));
      next.on('connect', () => {
        dispatch(SOCKET_CONNECTED);
        confirmations = 0;
        setStatus('live');
      });
      next.on('disconnect', (reason: string) => {
        // A drop the client repairs itself. The server closes a connection when its session ends (sign-out
        // elsewhere, expiry, lost access) and at a restart; the client library does not come back by itself then.
        if (reason === 'io server disconnect') confirmSession(next);
        else setStatus(next.active ? 'lost' : 'off');
      });
      // Refused at the handshake (an ended session, or the server could not check it): not retried by the library.
      next.on('connect_error', () => {
        if (!next.active) confirmSession(next);
      });
      socket = next;
    })
    .catch(() => {
      // A chunk that failed to load is retried by the next listener; chat still works by refreshing.
      opening = null;
    });
}

/**
 * After the server closed or refused the connection, asks the API whether the session still stands. An ended session
 * answers 401, which signs the user out (the API client's handler) and closes this connection. A session that
 * stands (or an API out of reach) connects again, catching up on the messages it missed, a little later each time.
 */
function confirmSession(closed: Socket) {
  setStatus('lost');
  const delayMs = Math.min(30_000, confirmations === 0 ? 0 : 1000 * 2 ** (confirmations - 1));
  confirmations += 1;
  // A 401 signs out, which closes this connection for good (`socket` is no longer it). The current user's call is
  // asked as it is, without the session's cache: the question is only whether the token still stands.
  void call(authEndpoints.currentUser)
    .catch(() => undefined)
    .then(() =>
      setTimeout(() => {
        if (socket === closed && users > 0) closed.connect();
      }, delayMs),
    );
}

function close() {
  socket?.disconnect();
  socket = null;
  setStatus('off');
  lastMessageId = 0;
  confirmations = 0;
}

// Sign-in opens, sign-out closes; another user's token never reuses this user's connection.
onTokenChange((token) => {
  close();
  if (users > 0 && token) open();
});

function acquire() {
  users += 1;
  open();
}

function release() {
  users -= 1;
  if (users === 0) close();
}

/**
 * Sends an event the server acknowledges, failing after `timeoutMs` without an answer. Null when the connection is
 * not live, so the caller can take another way (the API over HTTP).
 */
export function emitWithAck(event: string, payload: unknown, timeoutMs: number): Promise<unknown> | null {
  return status === 'live' && socket?.connected ? socket.timeout(timeoutMs).emitWithAck(event, payload) : null;
}

/**
 * Resolves true once the connection is live (at once when it is), false after `timeoutMs`: a call made in answer to
 * the connection's own event, or while it comes back, waits for it rather than failing.
 */
export function whenLive(timeoutMs: number): Promise<boolean> {
  if (status === 'live' && socket?.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const watcher = () => {
      if (status !== 'live') return;
      statusWatchers.delete(watcher);
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      statusWatchers.delete(watcher);
      resolve(false);
    }, timeoutMs);
    statusWatchers.add(watcher);
  });
}

/** Listens to one socket event while the component is mounted; the connection opens with the first listener. */
export function useSocketEvent(event: string, handler: Handler) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const listener: Handler = (payload) => ref.current(payload);
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    acquire();
    return () => {
      set.delete(listener);
      release();
    };
  }, [event]);
}

/** The connection's state, for a screen that tells people when messages may be late. */
export function useSocketStatus() {
  return useSyncExternalStore(
    (onChange) => {
      statusWatchers.add(onChange);
      return () => statusWatchers.delete(onChange);
    },
    () => status,
    () => status,
  );
}
