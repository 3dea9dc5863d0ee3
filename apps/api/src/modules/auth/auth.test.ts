import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClinic, makeUser, PASSWORD } from '../../../test/factories.ts';
import { bearer, createTestApp, expectProblem, type TestApp, testAppForFile } from '../../../test/helpers.ts';
import { auditEvents, outbox } from '../../db/schema.ts';

const t = await testAppForFile();

const signin = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload: { email, password }, headers });

async function tokenFor(email: string, password = PASSWORD) {
  const res = await signin(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: bearer(token) });

describe('therapist sign-in', () => {
  it('answers a token that identifies the current user with role and clinic code', async () => {
    const clinic = await makeClinic(t.database.db, { name: 'Lakeside PT' });
    const user = await makeUser(t.database.db, clinic.id, { role: 'therapist' });
    const token = await tokenFor(user.email.toUpperCase());
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const current = res.json().results[0];
    expect(current).toMatchObject({
      id: user.id,
      role: 'therapist',
      code: clinic.code,
      clinic_name: 'Lakeside PT',
      is_feature_notification_on: true,
      is_new_billing_uploaded: false,
    });
    expect(current.display_name).toMatch(/^Jamie Tester/);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const wrong = expectProblem(await signin(user.email, 'not-the-password'), 401, 'invalid_credentials');
    const unknown = expectProblem(await signin('nobody@example.test', 'not-the-password'), 401, 'invalid_credentials');
    expect(unknown).toEqual(wrong);
  });

  it.each([
    ['pending', { approvalStatus: 'pending' as const }, 'approval_pending'],
    ['rejected', { approvalStatus: 'rejected' as const }, 'approval_rejected'],
    ['without access', { hasAccess: false }, 'access_revoked'],
  ])('refuses a %s account with 403', async (_label, overrides, code) => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id, overrides);
    expectProblem(await signin(user.email, PASSWORD), 403, code);
  });

  it('refuses patients here', async () => {
    const clinic = await makeClinic(t.database.db);
    const patient = await makeUser(t.database.db, clinic.id, { role: 'patient' });
    expectProblem(await signin(patient.email, PASSWORD), 401, 'invalid_credentials');
  });

  it.each([
    ['a missing password', { email: 'a@example.test' }, 'password'],
    ['a malformed e-mail', { email: 'not-an-email', password: 'x' }, 'email'],
    ['a wrong type', { email: 42, password: 'x' }, 'email'],
  ])('answers 400 with field errors for %s', async (_label, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload });
    const problem = expectProblem(res, 400, 'validation_failed');
    expect(problem.errors?.[field]?.length).toBeGreaterThan(0);
  });

  it('answers malformed JSON, wrong content types and oversized bodies with 4xx problems', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x',
    });
    expectProblem(malformed, 400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectProblem(text, 415, 'unsupported_media_type');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: 'a@example.test', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expectProblem(huge, 413, 'payload_too_large');
    const arrayBody = await t.app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload: [1, 2] });
    expectProblem(arrayBody, 400, 'validation_failed');
  });
});

describe('sessions', () => {
  it('rejects requests without a token, with garbage, or with an unknown token', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/users/' }), 401, 'unauthenticated');
    expectProblem(await me('short'), 401, 'unauthenticated');
    expectProblem(await me('x'.repeat(43)), 401, 'unauthenticated');
    const weird = await t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: { authorization: 'Basic abc' } });
    expectProblem(weird, 401);
  });

  it('revokes the token at logout', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const token = await tokenFor(user.email);
    const out = await t.app.inject({ method: 'POST', url: '/clinic/therapist/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expectProblem(await me(token), 401, 'unauthenticated');
  });

  it('ends a session idle for 30 minutes', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const token = await tokenFor(user.email);
    t.clock.advanceMinutes(29);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advanceMinutes(29);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    expectProblem(await me(token), 401);
  });

  it('ends an active session after 12 hours', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const token = await tokenFor(user.email);
    for (let elapsed = 0; elapsed < 11 * 60; elapsed += 25) {
      t.clock.advanceMinutes(25);
      expect((await me(token)).statusCode).toBe(200);
    }
    t.clock.advanceMinutes(65);
    expectProblem(await me(token), 401);
  });
});

describe('a short idle limit', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ env: { SESSION_IDLE_MINUTES: '1' } });
  });
  afterAll(() => short.close());

  it('keeps a user active every 20 seconds signed in, and ends the session after 61 idle seconds', async () => {
    const clinic = await makeClinic(short.database.db);
    const user = await makeUser(short.database.db, clinic.id);
    const signedIn = await short.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: user.email, password: PASSWORD },
    });
    const token = signedIn.json().token as string;
    const meShort = () => short.app.inject({ method: 'GET', url: '/api/v1/users/', headers: bearer(token) });
    for (let elapsed = 0; elapsed < 180; elapsed += 20) {
      short.clock.advanceSeconds(20);
      expect((await meShort()).statusCode, `after ${elapsed + 20} s`).toBe(200);
    }
    short.clock.advanceSeconds(61);
    expectProblem(await meShort(), 401, 'unauthenticated');
  });
});

describe('sign-in limits that cost a guesser more than the owner', () => {
  const OWNER_IP = '198.51.100.7';
  const signinFrom = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload: { email, password }, remoteAddress: ip });

  it('slows one address down after three failures, doubling the wait per failure, until it gets in', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    for (let i = 0; i < 3; i++) expectProblem(await signinFrom(OWNER_IP, user.email, `wrong-${i}`), 401);
    const first = await signinFrom(OWNER_IP, user.email, PASSWORD);
    expect(expectProblem(first, 429, 'account_locked').detail).toBe(
      'Too many failed sign-ins to this account from your network. Try again in 30 seconds or reset the password.',
    );
    expect(first.headers['retry-after']).toBe('30');
    t.clock.advanceSeconds(30);
    expectProblem(await signinFrom(OWNER_IP, user.email, 'wrong-again'), 401);
    expect((await signinFrom(OWNER_IP, user.email, PASSWORD)).headers['retry-after']).toBe('60');
    t.clock.advanceSeconds(60);
    expect((await signinFrom(OWNER_IP, user.email, PASSWORD)).statusCode).toBe(200);
    // Getting in forgives the address its failures.
    expectProblem(await signinFrom(OWNER_IP, user.email, 'wrong-later'), 401);
    expect((await signinFrom(OWNER_IP, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner in from their usual address however many other addresses failed', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    expect((await signinFrom(OWNER_IP, user.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 1; i <= 12; i++) {
      t.clock.advanceSeconds(5);
      expectProblem(await signinFrom(`203.0.113.${i}`, user.email, 'guess'), 401);
    }
    expect((await signinFrom(OWNER_IP, user.email, PASSWORD)).statusCode).toBe(200);

    // A new address waits a short, growing moment between tries while the account is under attack.
    const newcomer = await signinFrom('192.0.2.50', user.email, PASSWORD);
    expect(expectProblem(newcomer, 429, 'account_locked').detail).toContain('Try again in 4 seconds');
    expect(newcomer.headers['retry-after']).toBe('4');
    t.clock.advanceSeconds(4);
    expect((await signinFrom('192.0.2.50', user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('never holds an unfamiliar address back for more than a minute because of the others', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    for (let i = 1; i <= 40; i++) {
      t.clock.advanceSeconds(60);
      expectProblem(await signinFrom(`203.0.113.${i}`, user.email, 'guess'), 401);
    }
    // Forty failures in the hour: the wait has stopped growing at a minute.
    const refused = await signinFrom('192.0.2.51', user.email, PASSWORD);
    expect(expectProblem(refused, 429, 'account_locked').detail).toContain('Try again in 60 seconds');
    expect(refused.headers['retry-after']).toBe('60');
    t.clock.advanceSeconds(60);
    expect((await signinFrom('192.0.2.51', user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('stops one address after twenty failures in an hour across accounts, and only that address', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    for (let i = 0; i < 20; i++) expectProblem(await signinFrom('203.0.113.200', `spray-${i}@example.test`, 'x'), 401);
    const refused = await signinFrom('203.0.113.200', user.email, PASSWORD);
    expect(expectProblem(refused, 429, 'account_locked').detail).toBe(
      'Too many failed sign-ins from your network. Try again in 60 minutes.',
    );
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await signinFrom(OWNER_IP, user.email, PASSWORD)).statusCode).toBe(200);
    t.clock.advanceMinutes(60);
    expect((await signinFrom('203.0.113.200', user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts unknown accounts the same way', async () => {
    for (let i = 0; i < 3; i++) expectProblem(await signinFrom('192.0.2.60', 'ghost@example.test', `wrong-${i}`), 401);
    expectProblem(await signinFrom('192.0.2.60', 'ghost@example.test', 'anything'), 429, 'account_locked');
  });
});

describe('audit log', () => {
  it('records sign-ins, failures and logouts and refuses changes to past events', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    await signin(user.email, 'wrong-password', { 'x-forwarded-for': '203.0.113.9' });
    const token = await tokenFor(user.email);
    await t.app.inject({ method: 'POST', url: '/clinic/therapist/logout', headers: bearer(token) });
    const rows = await t.database.db.select().from(auditEvents);
    const mine = rows.filter((r) => r.actorUserId === user.id).map((r) => `${r.action}:${r.outcome}`);
    expect(mine).toEqual(['auth.signin:failure', 'auth.signin:success', 'auth.logout:success']);
    await expect(t.database.db.update(auditEvents).set({ outcome: 'success' })).rejects.toThrow();
    await expect(t.database.db.delete(auditEvents)).rejects.toThrow();
  });
});

describe('notifications and settings', () => {
  it('turns off the feature and billing notifications of the current user only', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const colleague = await makeUser(t.database.db, clinic.id);
    const token = await tokenFor(user.email);
    const feature = await t.app.inject({
      method: 'PATCH',
      url: '/user/therapist/cancel-feature-notification',
      headers: bearer(token),
    });
    expect(feature.json().user.is_feature_notification_on).toBe(false);
    const billing = await t.app.inject({
      method: 'PATCH',
      url: '/user/therapist/cancel-billing-notification',
      headers: bearer(token),
    });
    expect(billing.json().user.is_new_billing_uploaded).toBe(false);
    expect((await me(token)).json().results[0].is_feature_notification_on).toBe(false);
    const other = (await me(await tokenFor(colleague.email))).json().results[0];
    expect(other.is_feature_notification_on).toBe(true);
  });

  it('answers the support user and the initial note, and refuses anonymous callers', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/settings-info',
      headers: bearer(await tokenFor(user.email)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('support_user_id');
    expect(res.json()).toHaveProperty('initial_note');
    expectProblem(await t.app.inject({ method: 'GET', url: '/user/settings-info' }), 401);
  });
});

describe('staff list', () => {
  it('lists approved staff of the caller clinic only, searchable and paginated', async () => {
    const clinic = await makeClinic(t.database.db);
    const other = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    await makeUser(t.database.db, clinic.id, { role: 'manager', email: 'findme-manager@example.test' });
    await makeUser(t.database.db, clinic.id, { approvalStatus: 'pending' });
    await makeUser(t.database.db, other.id, { email: 'findme-elsewhere@example.test' });
    const token = await tokenFor(user.email);
    const all = await t.app.inject({ method: 'GET', url: '/clinic/therapist', headers: bearer(token) });
    expect(all.json().count).toBe(2);
    expect(all.json().results.every((s: { code: string }) => s.code === clinic.code)).toBe(true);
    const found = await t.app.inject({ method: 'GET', url: '/clinic/therapist?search=findme', headers: bearer(token) });
    expect(found.json().results.map((s: { email: string }) => s.email)).toEqual(['findme-manager@example.test']);
    const paged = await t.app.inject({
      method: 'GET',
      url: '/clinic/therapist?page_size=1&page=2',
      headers: bearer(token),
    });
    expect(paged.json()).toMatchObject({ count: 2, previous: 1, next: null });
    expect(paged.json().results).toHaveLength(1);
    await makeUser(t.database.db, clinic.id, { role: 'supervisor', email: 'findme-boss@example.test' });
    await makeUser(t.database.db, clinic.id, { hasAccess: false, email: 'findme-noaccess@example.test' });
    const bosses = await t.app.inject({
      method: 'GET',
      url: '/clinic/therapist?role=supervisor',
      headers: bearer(token),
    });
    expect(bosses.json().results.map((s: { email: string }) => s.email)).toEqual(['findme-boss@example.test']);
    const active = await t.app.inject({
      method: 'GET',
      url: '/clinic/therapist?search=findme&has_access=true',
      headers: bearer(token),
    });
    expect(
      active
        .json()
        .results.map((s: { email: string }) => s.email)
        .sort(),
    ).toEqual(['findme-boss@example.test', 'findme-manager@example.test']);
    const tooBig = await t.app.inject({
      method: 'GET',
      url: '/clinic/therapist?page_size=500',
      headers: bearer(token),
    });
    expectProblem(tooBig, 400, 'validation_failed');
    const patient = await makeUser(t.database.db, clinic.id, { role: 'patient' });
    expect(patient.id).toBeGreaterThan(0);
  });
});

describe('outbox', () => {
  it('is listed in demo mode', async () => {
    await t.database.db.insert(outbox).values({ channel: 'email', recipient: 'x@example.test', body: 'hello' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.json().results[0]).toMatchObject({ to: 'x@example.test', body: 'hello', status: 'queued' });
  });
});
