/**
 * When the database is unavailable (unreachable, shutting down, full, closed to connections) a request is answered
 * 503 `database_unavailable` with `Retry-After`, and the cause is logged as a warning, not as a bug (decision 1260).
 */

/** Seconds a client waits before trying again: a little over the pool's 2-second connect timeout. */
export const RETRY_AFTER_SECONDS = 5;

/** Node's codes for a server that cannot be reached or a connection that broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/** PostgreSQL's codes (SQLSTATE) that mean "not now" whatever the statement was. */
const UNAVAILABLE_SQLSTATES = new Set([
  // too_many_connections: every connection slot is taken (`max_connections`, a role's or a database's limit).
  '53300',
  // admin_shutdown: the server is stopping, or an operator ended the connection.
  '57P01',
  // crash_shutdown: another server process crashed and the server is restarting.
  '57P02',
  // cannot_connect_now: the server is starting up, shutting down or recovering.
  '57P03',
]);

/**
 * Class 08 (connection_exception): the connection could not be opened or was lost. Except 08P01
 * (protocol_violation), which is a client sending what PostgreSQL cannot read (e.g. more parameters than a
 * statement may have): a bug, not an outage.
 */
const isConnectionException = (code: string) => code.startsWith('08') && code !== '08P01';

/**
 * object_not_in_prerequisite_state is also raised by ordinary statements for a bug of ours (`currval` before
 * `nextval`, refreshing a view concurrently without a unique index): it means "unavailable" only when PostgreSQL
 * raised it while opening the connection (a database with `ALLOW_CONNECTIONS false`).
 */
const NOT_ACCEPTING_CONNECTIONS = '55000';

/** The driver's own words for a lost or never-opened connection (it gives them no code). */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i;

const raisedWhileConnecting = new WeakSet<object>();

/** Marks an error raised while a connection was being opened, before any statement ran (db/client.ts). */
export function markRaisedWhileConnecting<T>(err: T): T {
  if (err && typeof err === 'object') raisedWhileConnecting.add(err);
  return err;
}

/** Whether an error, or one of its causes, means the database cannot serve right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || isConnectionException(code)) return true;
      if (code === NOT_ACCEPTING_CONNECTIONS && raisedWhileConnecting.has(current)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** The level a failure of background work is logged at: an unavailable database is a warning, anything else a bug. */
export const failureLevel = (err: unknown): 'warn' | 'error' => (isDatabaseUnavailable(err) ? 'warn' : 'error');
