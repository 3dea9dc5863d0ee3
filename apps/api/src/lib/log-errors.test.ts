import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { makeClinic, makeUser } from '../../test/factories.ts';
import { reportableError, safeError, safeMessage } from './log-errors.ts';
import { hashPassword } from './passwords.ts';

/** Real errors of the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what is left of them. */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

describe('errors as they may be logged', () => {
  it('keep the statement and the database codes and names, not the parameters or the detail', async () => {
    const db = t.database.db;
    const clinic = await makeClinic(db);
    const email = 'qz-taken@example.test';
    await makeUser(db, clinic.id, { email });
    const hash = await hashPassword('qz-Horse-Battery-9');
    const duplicate = await failure(() =>
      db.execute(sql`insert into users (clinic_id, email, password_hash, first_name, last_name, role)
        values (${clinic.id}, ${email}, ${hash}, ${'Qzmarisol'}, ${'Qzvega'}, 'therapist')`),
    );
    const safe = safeError(duplicate);
    const text = JSON.stringify(safe);
    for (const value of [email, '$argon2', 'Qzmarisol', 'Qzvega']) expect(text).not.toContain(value);
    expect(safe).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505' } });
    expect(safe.message).toMatch(/^Failed query: insert into users/);
    expect(safe.cause?.constraint).toBe('users_email_unique');
    expect(safe.cause?.message).toContain('"users_email_unique"');
  }, 60_000);

  it('take the values out of what PostgreSQL says about refused input', async () => {
    const db = t.database.db;
    const cases: [string, string, ReturnType<typeof sql>][] = [
      ['22021', 'qz-nul', sql`select ${'qz-nul\u0000x'}::text`],
      ['22P02', 'qz-not-a-uuid', sql`select ${'qz-not-a-uuid'}::uuid`],
      ['22003', '98765432109', sql`select ${'98765432109'}::int`],
      ['22008', '2026-13-45', sql`select ${'2026-13-45 10:00'}::timestamp`],
      ['23502', 'QZ-NOT-NULL', sql`insert into clinics (code, name) values (${'QZ-NOT-NULL'}, null)`],
    ];
    for (const [code, value, statement] of cases) {
      const safe = safeError(await failure(() => db.execute(statement)));
      expect(safe.cause?.code ?? safe.code, value).toBe(code);
      expect(JSON.stringify(safe), code).not.toContain(value);
    }
  }, 60_000);

  it('take addresses, phones, hashes and quoted input out of any message', () => {
    expect(
      safeMessage(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <ana.ruiz@example.test>: Recipient address rejected",
      ),
    ).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <…>: Recipient address rejected");
    expect(safeMessage('SMS to +1 (555) 010-4477 refused')).toBe('SMS to … refused');
    expect(safeMessage('Key (email)=(ana@example.test) already exists.')).toBe('Key (email)=(…) already exists.');
    expect(safeMessage('invalid input syntax for type uuid: "ana"')).toBe('invalid input syntax for type uuid: "…"');
    expect(safeMessage(`Unexpected token 'a', "ana ruiz" is not valid JSON`)).toBe(
      `Unexpected token 'a', "…" is not valid JSON`,
    );
    expect(safeMessage('hash $argon2id$v=19$m=19456,t=2,p=1$abc$def leaked')).toBe('hash … leaked');
    expect(safeMessage('invalid byte sequence for encoding "UTF8": 0xe9 0x20')).toBe(
      'invalid byte sequence for encoding "UTF8": …',
    );
    expect(safeMessage('invalid byte sequence for encoding "UTF8": 0x00')).toBe(
      'invalid byte sequence for encoding "UTF8": 0x00',
    );
    expect(safeMessage('Failed query: select 1 where "users"."email" = $1\nparams: ana@example.test')).toBe(
      'Failed query: select 1 where "users"."email" = $1',
    );
  });

  it('keep no property but names and codes', () => {
    const err = Object.assign(new Error('Message failed: 550 mailbox unavailable'), {
      code: 'EENVELOPE',
      response: '550 <ana@example.test> mailbox unavailable',
      rejected: ['ana@example.test'],
      params: ['Ana', 'Ruiz'],
      detail: 'Failing row contains (Ana, Ruiz).',
    });
    const safe = safeError(err);
    expect(Object.keys(safe).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(JSON.stringify(safe)).not.toMatch(/ana|ruiz/i);
    expect(safe.stack).toMatch(/^\s+at /);
  });

  it('make an error to report: same class and frames, safe message and causes', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "ana"'), { code: '22P02' });
    const reported = reportableError(
      new Error('Failed query: select $1::uuid\nparams: ana', {
        cause,
      }),
    );
    expect(reported.message).toBe('Failed query: select $1::uuid');
    expect(reported.stack).not.toContain('ana');
    expect((reported.cause as Error).name).toBe('Error 22P02');
    expect((reported.cause as Error).message).toBe('invalid input syntax for type uuid: "…"');
  });
});
