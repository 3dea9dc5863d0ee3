import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinicWithSupervisor, makeUser, PASSWORD } from '../../../test/factories.ts';
import { bearer, expectProblem, testAppForFile } from '../../../test/helpers.ts';
import { clinics, outbox, users } from '../../db/schema.ts';

const t = await testAppForFile();

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
const patch = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url, payload, headers: bearer(token) });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const staffToken = async (email: string, password = PASSWORD) =>
  (await post('/clinic/therapist/signin', { email, password })).json().token as string;
const supervisorToken = async (code: string, password = PASSWORD) => {
  const res = await post('/clinic/supervisor/signin', { code, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
};

describe('supervisor sign-in', () => {
  it('signs in with clinic code and password as the clinic supervisor', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const token = await supervisorToken(clinic.code.toLowerCase());
    const current = (await get('/api/v1/users/', token)).json().results[0];
    expect(current).toMatchObject({ id: supervisor.id, role: 'supervisor', code: clinic.code });
  });

  it('answers alike for a wrong password, an unknown clinic and a clinic without supervisor', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const wrong = expectProblem(await post('/clinic/supervisor/signin', { code: clinic.code, password: 'nope' }), 401);
    const unknown = expectProblem(await post('/clinic/supervisor/signin', { code: 'NONE42', password: 'nope' }), 401);
    expect(unknown).toEqual(wrong);
    expectProblem(await post('/clinic/supervisor/signin', { code: '', password: 'x' }), 400, 'validation_failed');
  });

  it('lets the supervisor in from their usual address while other addresses guess the clinic code', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const from = (ip: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/clinic/supervisor/signin',
        payload: { code: clinic.code, password },
        remoteAddress: ip,
      });
    expect((await from('198.51.100.9', PASSWORD)).statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) expectProblem(await from(`203.0.113.${i}`, 'guess'), 401);
    for (let i = 0; i < 3; i++) expectProblem(await from('203.0.113.99', 'guess'), 401);
    expectProblem(await from('203.0.113.99', PASSWORD), 429, 'account_locked');
    expect((await from('198.51.100.9', PASSWORD)).statusCode).toBe(200);
  });
});

describe('supervisor profile', () => {
  it('updates names, e-mail and password; a new password ends the other sessions', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const first = await supervisorToken(clinic.code);
    const second = await supervisorToken(clinic.code);
    const res = await patch('/clinic/supervisor', first, {
      first_name: 'Casey',
      last_name: 'Chief',
      supervisor_email: `chief-${clinic.code.toLowerCase()}@example.test`,
      new_password: 'steady-maple-forest-2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: supervisor.id, first_name: 'Casey', display_name: 'Casey Chief' });
    expect((await get('/api/v1/users/', first)).statusCode).toBe(200);
    expectProblem(await get('/api/v1/users/', second), 401);
    await supervisorToken(clinic.code, 'steady-maple-forest-2');
  });

  it('refuses empty changes, taken e-mails, weak passwords and other roles', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const therapist = await makeUser(t.database.db, clinic.id);
    const token = await supervisorToken(clinic.code);
    expectProblem(await patch('/clinic/supervisor', token, {}), 400, 'validation_failed');
    const taken = await patch('/clinic/supervisor', token, { supervisor_email: therapist.email });
    expect(expectProblem(taken, 409, 'conflict').errors?.supervisor_email).toBeDefined();
    const weak = await patch('/clinic/supervisor', token, { new_password: 'password1' });
    expect(expectProblem(weak, 400, 'weak_password').errors?.new_password).toBeDefined();
    expectProblem(await patch('/clinic/supervisor', await staffToken(therapist.email), { first_name: 'X' }), 403);
  });
});

describe('staff approval', () => {
  it('lists the own clinic staff by status and approves a pending therapist, who is told by e-mail', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const elsewhere = await makeClinicWithSupervisor(t.database.db);
    const pending = await makeUser(t.database.db, clinic.id, { approvalStatus: 'pending' });
    await makeUser(t.database.db, elsewhere.clinic.id, { approvalStatus: 'pending' });
    const token = await supervisorToken(clinic.code);

    const list = await get('/clinic/supervisor/approval?status=pending', token);
    expect(list.json().count).toBe(1);
    expect(list.json().results[0]).toMatchObject({ id: pending.id, status: 'pending', has_access: true });

    const approved = await patch('/clinic/supervisor/approval', token, { user_id: pending.id, status: 'approved' });
    expect(approved.json()).toMatchObject({ id: pending.id, status: 'approved' });
    expect((await post('/clinic/therapist/signin', { email: pending.email, password: PASSWORD })).statusCode).toBe(200);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.recipient, pending.email));
    expect(mail[0]?.subject).toMatch(/approved/);
  });

  it('prints a stored name only as a quoted, labelled field of the approval e-mail, never as a link', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    // Stored before names followed the name rule (decision 1265).
    const pending = await makeUser(t.database.db, clinic.id, { approvalStatus: 'pending' });
    await t.database.db
      .update(users)
      .set({ firstName: 'ACTION NEEDED: re-verify your supervisor login at http://evil.example/rehabit' })
      .where(eq(users.id, pending.id));
    const token = await supervisorToken(clinic.code);
    const approved = await patch('/clinic/supervisor/approval', token, { user_id: pending.id, status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, pending.email));
    expect(mail?.subject).toBe('Your Rehabit account was approved');
    const lines = mail!.body.split('\n');
    expect(lines[0]).toBe('Your Rehabit staff account was approved by your clinic supervisor.');
    expect(lines.find((line) => line.includes('ACTION NEEDED'))).toMatch(/^Name: "ACTION NEEDED: re-verify .*"$/);
    expect(mail!.body).not.toContain('evil.example');
    expect(mail!.body.match(/https?:\/\/\S+/g)).toEqual([expect.stringMatching(/\/login$/)]);
  });

  it('answers 404 for another clinic staff and 403 for therapists and managers', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const elsewhere = await makeClinicWithSupervisor(t.database.db);
    const foreign = await makeUser(t.database.db, elsewhere.clinic.id, { approvalStatus: 'pending' });
    const token = await supervisorToken(clinic.code);
    expectProblem(await patch('/clinic/supervisor/approval', token, { user_id: foreign.id, status: 'approved' }), 404);
    expectProblem(await patch('/clinic/supervisor/approval', token, { user_id: 999999, status: 'approved' }), 404);
    expectProblem(await patch('/clinic/supervisor/approval', token, { user_id: foreign.id, status: 'maybe' }), 400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, foreign.id));
    expect(row?.approvalStatus).toBe('pending');
    const manager = await makeUser(t.database.db, clinic.id, { role: 'manager' });
    expectProblem(await get('/clinic/supervisor/approval', await staffToken(manager.email)), 403, 'forbidden');
  });

  it('lets an admin work on every clinic, filtered by clinic code', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const elsewhere = await makeClinicWithSupervisor(t.database.db);
    const admin = await makeUser(t.database.db, clinic.id, { role: 'admin' });
    const foreign = await makeUser(t.database.db, elsewhere.clinic.id, { approvalStatus: 'pending' });
    const token = await staffToken(admin.email);
    const list = await get(`/clinic/supervisor/approval?clinic_code=${elsewhere.clinic.code}`, token);
    expect(list.json().results.map((s: { id: number }) => s.id)).toEqual([foreign.id]);
    const res = await patch('/clinic/supervisor/approval', token, { user_id: foreign.id, status: 'rejected' });
    expect(res.json().status).toBe('rejected');
  });
});

describe('access and supervisor assignment', () => {
  it('removes access, which ends sessions and blocks sign-in, and gives it back', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const therapist = await makeUser(t.database.db, clinic.id);
    const session = await staffToken(therapist.email);
    const token = await supervisorToken(clinic.code);
    const off = await patch('/admin/clinic/therapist/has_access', token, {
      therapists: [therapist.id],
      has_access: false,
    });
    expect(off.json().results[0]).toMatchObject({ id: therapist.id, has_access: false });
    expectProblem(await get('/api/v1/users/', session), 401);
    expectProblem(
      await post('/clinic/therapist/signin', { email: therapist.email, password: PASSWORD }),
      403,
      'access_revoked',
    );
    await patch('/admin/clinic/therapist/has_access', token, { therapists: [therapist.id], has_access: true });
    expect((await post('/clinic/therapist/signin', { email: therapist.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('changes nobody when one of the ids belongs to another clinic', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const elsewhere = await makeClinicWithSupervisor(t.database.db);
    const mine = await makeUser(t.database.db, clinic.id);
    const foreign = await makeUser(t.database.db, elsewhere.clinic.id);
    const token = await supervisorToken(clinic.code);
    const res = await patch('/admin/clinic/therapist/has_access', token, {
      therapists: [mine.id, foreign.id],
      has_access: false,
    });
    expectProblem(res, 404, 'not_found');
    const rows = await t.database.db.select().from(users).where(eq(users.clinicId, clinic.id));
    expect(rows.every((u) => u.hasAccess)).toBe(true);
    expectProblem(await patch('/admin/clinic/therapist/has_access', token, { therapists: [], has_access: false }), 400);
    expectProblem(await patch('/admin/clinic/therapist/has_access', token, { therapists: [mine.id] }), 400);
  });

  it('hands the supervisor role to an approved staff member', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const therapist = await makeUser(t.database.db, clinic.id, { password: 'bright-summit-path-8' });
    const pending = await makeUser(t.database.db, clinic.id, { approvalStatus: 'pending' });
    const token = await supervisorToken(clinic.code);
    expectProblem(await patch('/admin/clinic/update/supervisor', token, { user_id: pending.id }), 409, 'conflict');
    const res = await patch('/admin/clinic/update/supervisor', token, { user_id: therapist.id });
    expect(res.json().user).toMatchObject({ id: therapist.id, role: 'supervisor' });
    expectProblem(await get('/api/v1/users/', token), 401);
    const [former] = await t.database.db.select().from(users).where(eq(users.id, supervisor.id));
    expect(former?.role).toBe('therapist');
    const [row] = await t.database.db.select().from(clinics).where(eq(clinics.id, clinic.id));
    expect(row?.supervisorUserId).toBe(therapist.id);
    await supervisorToken(clinic.code, 'bright-summit-path-8');
    expectProblem(await post('/clinic/supervisor/signin', { code: clinic.code, password: PASSWORD }), 401);
  });

  it('refuses other roles and other clinics', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const elsewhere = await makeClinicWithSupervisor(t.database.db);
    const therapist = await makeUser(t.database.db, clinic.id);
    const foreign = await makeUser(t.database.db, elsewhere.clinic.id);
    const therapistToken = await staffToken(therapist.email);
    expectProblem(await patch('/admin/clinic/update/supervisor', therapistToken, { user_id: therapist.id }), 403);
    expectProblem(
      await patch('/admin/clinic/therapist/has_access', therapistToken, {
        therapists: [therapist.id],
        has_access: false,
      }),
      403,
    );
    const token = await supervisorToken(clinic.code);
    expectProblem(await patch('/admin/clinic/update/supervisor', token, { user_id: foreign.id }), 404);
    expectProblem(await patch('/admin/clinic/update/supervisor', token, { user_id: 'abc' }), 400);
  });
});
