import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinicWithSupervisor, makeUser, PASSWORD } from '../../../test/factories.ts';
import { bearer, expectProblem, testAppForFile } from '../../../test/helpers.ts';
import { outbox, users } from '../../db/schema.ts';

const t = await testAppForFile();

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
const signup = (payload: Record<string, unknown>) => post('/clinic/therapist/signup', payload);
const validSignup = (code: string, email: string) => ({
  email,
  password: 'calm-river-stones-9',
  first_name: 'Riley',
  last_name: 'Morgan',
  role: 'therapist',
  code,
});

async function outboxFor(recipient: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

describe('clinic code check', () => {
  it('says whether a code belongs to a clinic, with its name', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const ok = await t.app.inject({ method: 'GET', url: `/clinic/check_code?code=${clinic.code.toLowerCase()}` });
    expect(ok.json()).toEqual({ valid: true, clinic_name: clinic.name });
    const missing = await t.app.inject({ method: 'GET', url: '/clinic/check_code?code=ZZZZ99' });
    expect(missing.json()).toEqual({ valid: false, clinic_name: null });
    expectProblem(await t.app.inject({ method: 'GET', url: '/clinic/check_code' }), 400, 'validation_failed');
    expectProblem(await t.app.inject({ method: 'GET', url: '/clinic/check_code?code=%27%3B--' }), 400);
  });
});

describe('therapist sign-up', () => {
  it('creates a pending account that cannot sign in until the supervisor approves it', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const res = await signup(validSignup(clinic.code, 'new-hire@example.test'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('pending');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new-hire@example.test'));
    expect(row).toMatchObject({ clinicId: clinic.id, role: 'therapist', approvalStatus: 'pending' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const signin = await post('/clinic/therapist/signin', {
      email: 'new-hire@example.test',
      password: 'calm-river-stones-9',
    });
    expectProblem(signin, 403, 'approval_pending');
    const [notice] = await outboxFor(supervisor.email);
    expect(notice?.body).toContain('new-hire@example.test');
  });

  it('refuses a name that is a link or a sentence, stores nothing and e-mails nobody (decision 1265)', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const res = await signup({
      ...validSignup(clinic.code, 'phisher@example.test'),
      first_name: 'ACTION NEEDED: re-verify your supervisor login at http://evil.example/rehabit',
    });
    const problem = expectProblem(res, 400, 'validation_failed');
    expect(Object.keys(problem.errors!)).toEqual(['first_name']);
    expect(problem.errors!.first_name).toContain('Letters, spaces, apostrophes, hyphens and periods only');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'phisher@example.test'))).toEqual([]);
    expect(await outboxFor(supervisor.email)).toEqual([]);
  });

  it("puts the product's words first and the applicant's in quoted, labelled fields", async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const res = await signup({
      ...validSignup(clinic.code, 'zoe@example.test'),
      first_name: 'Zoë-Ann',
      last_name: "O'Brien",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [notice] = await outboxFor(supervisor.email);
    expect(notice?.subject).toBe('A new staff member is waiting for your approval');
    expect(notice?.body.split('\n')[0]).toMatch(/^A new staff member signed up/);
    expect(notice?.body).toContain(`Name: "Zoë-Ann O'Brien"\nE-mail: "zoe@example.test"\nRole: Staff Therapist`);
  });

  it('names the field at fault: unknown code, taken e-mail, weak password, forbidden role', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const existing = await makeUser(t.database.db, clinic.id);
    const unknown = expectProblem(await signup(validSignup('NOPE99', 'a1@example.test')), 400, 'validation_failed');
    expect(unknown.errors?.code).toBeDefined();
    const taken = expectProblem(await signup(validSignup(clinic.code, existing.email)), 409, 'conflict');
    expect(taken.errors?.email).toBeDefined();
    const weak = expectProblem(
      await signup({ ...validSignup(clinic.code, 'a2@example.test'), password: 'password123' }),
      400,
      'weak_password',
    );
    expect(weak.errors?.password).toBeDefined();
    const short = expectProblem(
      await signup({ ...validSignup(clinic.code, 'a3@example.test'), password: 'short' }),
      400,
    );
    expect(short.errors?.password).toBeDefined();
    const admin = expectProblem(await signup({ ...validSignup(clinic.code, 'a4@example.test'), role: 'admin' }), 400);
    expect(admin.errors?.role).toBeDefined();
    const rows = await t.database.db.select().from(users).where(eq(users.clinicId, clinic.id));
    expect(rows).toHaveLength(2);
  });
});

describe('password reset', () => {
  const resetLink = async (email: string) => {
    const messages = await outboxFor(email);
    const body = messages.at(-1)?.body ?? '';
    const url = new URL(/http\S+/.exec(body)?.[0] ?? 'http://none');
    return { uid: url.searchParams.get('uid'), token: url.searchParams.get('token'), path: url.pathname };
  };

  it('answers the same for unknown e-mails and sends nothing', async () => {
    const unknown = await post('/clinic/therapist/reset-password', { email: 'nobody-here@example.test' });
    expect(unknown.statusCode).toBe(202);
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const known = await post('/clinic/therapist/reset-password', { email: user.email });
    expect(known.json()).toEqual(unknown.json());
    expect(await outboxFor('nobody-here@example.test')).toHaveLength(0);
    expect(await outboxFor(user.email)).toHaveLength(1);
  });

  it('sets a new password through the e-mailed link, once, and ends existing sessions', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const old = (await post('/clinic/therapist/signin', { email: user.email, password: PASSWORD })).json().token;
    await post('/clinic/therapist/reset-password', { email: user.email });
    const link = await resetLink(user.email);
    expect(link.path).toBe('/reset-password');
    expect(link.uid).toBe(String(user.id));

    const body = { uid: link.uid, token: link.token, password: 'quiet-harbor-lights-4' };
    const done = await post('/clinic/therapist/reset-password-confirm', body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: bearer(old) }), 401);
    expectProblem(await post('/clinic/therapist/reset-password-confirm', body), 400, 'invalid_token');
    expectProblem(await post('/clinic/therapist/signin', { email: user.email, password: PASSWORD }), 401);
    expect((await post('/clinic/therapist/signin', { email: user.email, password: body.password })).statusCode).toBe(
      200,
    );
  });

  it('refuses expired links, wrong uids and weak passwords without changing the password', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    await post('/clinic/therapist/reset-password', { email: user.email });
    const link = await resetLink(user.email);
    const weak = await post('/clinic/therapist/reset-password-confirm', { ...link, password: 'qwerty123' });
    expect(expectProblem(weak, 400, 'weak_password').errors?.password).toBeDefined();
    const wrongUid = await post('/clinic/therapist/reset-password-confirm', {
      uid: 'abc',
      token: link.token,
      password: 'quiet-harbor-lights-4',
    });
    expectProblem(wrongUid, 400, 'invalid_token');
    t.clock.advanceMinutes(61);
    const expired = await post('/clinic/therapist/reset-password-confirm', {
      ...link,
      password: 'quiet-harbor-lights-4',
    });
    expectProblem(expired, 400, 'invalid_token');
    expect((await post('/clinic/therapist/signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });
});
