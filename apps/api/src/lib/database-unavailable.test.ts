import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors.ts';
import { isDatabaseUnavailable, markRaisedWhileConnecting } from './database-unavailable.ts';

/** A PostgreSQL error as the driver raises it, wrapped as drizzle wraps a failed statement. */
function failedQuery(code: string, options: { whileConnecting?: boolean } = {}) {
  const cause = Object.assign(new Error(`database error ${code}`), { code, severity: 'FATAL' });
  if (options.whileConnecting) markRaisedWhileConnecting(cause);
  return new Error('Failed query: select 1', { cause });
}

/** How the API answers a route that fails with the error, and what it logged at error level. */
async function answerTo(err: Error) {
  const lines: string[] = [];
  const reported: Error[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  registerErrorHandling(app, { onServerError: (e) => void reported.push(e) });
  app.get('/fails', async () => {
    throw err;
  });
  const res = await app.inject('/fails');
  await app.close();
  const errorLines = lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((l) => l.level >= 50);
  return { res, errorLines: errorLines.map((l) => l.msg), reported };
}

const unavailable: [string, string][] = [
  ['08000', 'connection_exception'],
  ['08001', 'sqlclient_unable_to_establish_sqlconnection'],
  ['08003', 'connection_does_not_exist'],
  ['08004', 'sqlserver_rejected_establishment_of_sqlconnection'],
  ['08006', 'connection_failure'],
  ['53300', 'too_many_connections'],
  ['57P01', 'admin_shutdown'],
  ['57P02', 'crash_shutdown'],
  ['57P03', 'cannot_connect_now'],
];

describe('a database that is unavailable', () => {
  it.each(unavailable)('%s (%s) answers 503 with Retry-After, logged as a warning only', async (code) => {
    const { res, errorLines, reported } = await answerTo(failedQuery(code));
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(errorLines).toEqual([]);
    expect(reported).toEqual([]);
  });

  it('55000 raised while opening a connection (a database closed to connections) answers 503', async () => {
    const { res, errorLines } = await answerTo(failedQuery('55000', { whileConnecting: true }));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(errorLines).toEqual([]);
  });

  it('keeps the network codes and the driver messages it knew', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('x', { cause: new Error('Connection terminated unexpectedly') }))).toBe(
      true,
    );
  });
});

describe('errors that look alike but are bugs', () => {
  it.each([
    ['55000', 'object_not_in_prerequisite_state raised by a statement (currval before nextval)'],
    ['55P03', 'lock_not_available'],
    ['08P01', 'protocol_violation'],
    ['53100', 'disk_full'],
    ['57014', 'query_canceled'],
  ])('%s (%s) stays a 500 logged as unhandled', async (code) => {
    const { res, errorLines, reported } = await answerTo(failedQuery(code));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'internal_error' });
    expect(errorLines).toEqual(['unhandled error']);
    expect(reported).toHaveLength(1);
  });
});
