/**
 * Sessions checked a moment ago are trusted for SESSION_CACHE_MS (decision 1100): a session in use still ends at
 * once when this server ends it, by its idle and absolute limits exactly, and within SESSION_CACHE_MS when it is
 * ended outside the server (the command line).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import { bearer, expectProblem, staffToken, testAppForFile } from '../../../test/helpers.ts';
import { sessions } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { hashToken } from '../../lib/tokens.ts';
import { SESSION_CACHE_MS } from './session-cache.ts';
import { createSessionsRepository } from './sessions.repository.ts';

const t = await testAppForFile();

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: bearer(token) });

/** A signed-in user whose session has just been checked (and so is held by the server). */
async function sessionInUse() {
  const clinic = await makeClinic(t.database.db);
  const user = await makeUser(t.database.db, clinic.id);
  const token = await staffToken(t.app, user.email);
  expect((await me(token)).statusCode).toBe(200);
  return { user, token, clinicId: clinic.id };
}

describe('a session in use', () => {
  it('ends at once at logout', async () => {
    const { token } = await sessionInUse();
    expect(
      (await t.app.inject({ method: 'POST', url: '/clinic/therapist/logout', headers: bearer(token) })).statusCode,
    ).toBe(204);
    expectProblem(await me(token), 401, 'unauthenticated');
  });

  it('ends at once when the server ends all of its account (lost access, new password, role change)', async () => {
    const { user, token, clinicId } = await sessionInUse();
    await createSessionsRepository(t.database.db, clinicScope(clinicId)).revokeAllForUser(user.id, t.clock.now());
    expectProblem(await me(token), 401, 'unauthenticated');
  });

  it('ends at once when the server ends it inside a transaction, even if read again before the commit', async () => {
    const { user, token, clinicId } = await sessionInUse();
    await t.database.db.transaction(async (tx) => {
      await createSessionsRepository(tx, clinicScope(clinicId)).revokeAllForUser(user.id, t.clock.now());
      // Read while the revocation is not committed yet: still live, and must not be held as such.
      if (t.database.kind === 'postgres') expect((await me(token)).statusCode).toBe(200);
    });
    expectProblem(await me(token), 401, 'unauthenticated');
  });

  it('ends within SESSION_CACHE_MS when ended outside the server, and not before the database says so', async () => {
    const { token } = await sessionInUse();
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    t.clock.advanceMinutes((SESSION_CACHE_MS + 1) / 60_000);
    expectProblem(await me(token), 401, 'unauthenticated');
  });

  it('ends when idle for 30 minutes even if checked a moment before', async () => {
    const { token } = await sessionInUse();
    t.clock.advanceMinutes(29);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advanceMinutes(30 - 1 / 60);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advanceMinutes(30 + 1 / 60);
    expectProblem(await me(token), 401);
  });
});
