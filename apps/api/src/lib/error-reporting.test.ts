import * as Sentry from '@sentry/node';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { scrubSpan, startErrorReporting } from './error-reporting.ts';
import { hashPassword } from './passwords.ts';

/** Values of a statement (kept away from the lines Sentry quotes around each frame, which are code). */
const values = { email: 'qzana@example.test', name: 'Qz Marisol\u0000Vega', phone: '(555) 010-4477' };
const valueMarkers = ['qzana', '$argon2', 'Marisol', '010-4477'];

/** What Sentry would receive, captured by a transport in place of the network. */
const sent: string[] = [];
const transport = () => ({
  send: async (envelope: unknown) => {
    sent.push(JSON.stringify(envelope));
    return {};
  },
  flush: async () => true,
});

afterAll(() => Sentry.close());

describe('error reporting', () => {
  it('sends the error class, code and statement, never its parameters', async () => {
    const report = startErrorReporting('https://public@sentry.example.test/1', { transport })!;
    const t = await createTestDatabase();
    const hash = await hashPassword('qz-Horse-Battery-9');
    let refused: Error | undefined;
    try {
      await t.database.db.execute(
        sql`select ${values.email}::text, ${hash}::text, ${values.name}::text, ${values.phone}`,
      );
    } catch (err) {
      refused = err as Error;
    } finally {
      await t.drop();
    }
    report(refused!);
    await Sentry.flush(2000);

    const envelopes = sent.join('\n');
    expect(envelopes).toContain('DrizzleQueryError');
    expect(envelopes).toContain('22021');
    expect(envelopes).toContain('Failed query: select $1::text');
    for (const marker of valueMarkers) expect(envelopes).not.toContain(marker);
  }, 120_000);

  it('sends traces without query strings', () => {
    const span = scrubSpan({
      name: 'GET /api/v1/patients/?search=marisol',
      attributes: {
        'url.full': 'http://rehabit.test/api/v1/patients/?search=marisol',
        'url.query': '?search=marisol',
        'http.route': '/api/v1/patients/',
        'db.statement': 'select * from patients where name ilike $1',
      },
    });
    expect(JSON.stringify(span)).not.toContain('marisol');
    expect(span.attributes['http.route']).toBe('/api/v1/patients/');
    expect(span.attributes['db.statement']).toBe('select * from patients where name ilike $1');
  });
});
