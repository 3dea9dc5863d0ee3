import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic, makeClinicWithSupervisor, makeUser } from '../../../test/factories.ts';
import { bearer, expectProblem, staffToken, testAppForFile } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { signedInAdmin } from '../../../test/patients-support.ts';
import { appSettings, clinics, users } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { createPatientsRepository } from '../patients/patients.repository.ts';

const t = await testAppForFile();
const adminAuth = (await signedInAdmin(t, (await makeClinic(t.database.db)).id)).token;

const token = (email: string) => staffToken(t.app, email);
const get = (url: string, auth: string) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });
const create = (auth: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/clinics/', headers: bearer(auth), payload: payload as object });
const newClinic = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbor Rehab',
  timezone: 'America/Chicago',
  supervisor: {
    first_name: 'Dana',
    last_name: 'Reyes',
    email: `dana-${Math.random().toString(36).slice(2)}@example.test`,
    password: 'sturdy-lantern-42',
  },
  ...overrides,
});

describe('creating a clinic with its supervisor', () => {
  it('makes the clinic with a six-character code and a supervisor who signs in with code and password', async () => {
    const body = newClinic();
    const res = await create(adminAuth, body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Harbor Rehab',
      timezone: 'America/Chicago',
      staff_count: 1,
      patients_count: 0,
      supervisor: { display_name: 'Dana Reyes', email: body.supervisor.email },
    });
    expect(created.code).toMatch(/^[A-Z0-9]{6}$/);

    const signin = await t.app.inject({
      method: 'POST',
      url: '/clinic/supervisor/signin',
      payload: { code: created.code, password: 'sturdy-lantern-42' },
    });
    expect(signin.statusCode).toBe(200);
    const me = await get('/api/v1/users/', signin.json().token);
    expect(me.json().results[0]).toMatchObject({ role: 'supervisor', code: created.code });

    const [row] = (await auditRows(t.database.db, 'clinic.create')).filter((r) => r.clinicId === created.id);
    expect(row!.detail).toMatchObject({
      clinic_code: created.code,
      name: { old: null, new: 'Harbor Rehab' },
      supervisor_user_id: { old: null, new: created.supervisor.id },
    });
  });

  it('takes the code given, upper-cased, and refuses one in use or an e-mail in use', async () => {
    const res = await create(adminAuth, newClinic({ code: 'hbr204' }));
    expect(res.json().code).toBe('HBR204');
    const again = expectProblem(await create(adminAuth, newClinic({ code: 'HBR204' })), 409, 'conflict');
    expect(again.errors).toHaveProperty('code');
    const taken = newClinic();
    taken.supervisor.email = res.json().supervisor.email;
    expect(expectProblem(await create(adminAuth, taken), 409, 'conflict').errors).toHaveProperty(['supervisor.email']);
  });

  it('answers 409, not a server error, to the second of two creates racing with one supervisor e-mail', async () => {
    const first = newClinic();
    const second = newClinic({ name: 'Harbor Rehab East' });
    second.supervisor.email = first.supervisor.email;
    const answers = await Promise.all([create(adminAuth, first), create(adminAuth, second)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expectProblem(answers.find((res) => res.statusCode === 409)!, 409, 'conflict');
    const supervisors = await t.database.db.select().from(users).where(eq(users.email, first.supervisor.email));
    expect(supervisors).toHaveLength(1);
  });

  it('refuses bad input and anyone but an admin, creating nothing', async () => {
    const before = (await t.database.db.select().from(clinics)).length;
    expectProblem(await create(adminAuth, newClinic({ name: '' })), 400, 'validation_failed');
    expectProblem(await create(adminAuth, newClinic({ code: 'AB' })), 400, 'validation_failed');
    expectProblem(await create(adminAuth, newClinic({ timezone: 'Mars/Base' })), 400, 'validation_failed');
    expectProblem(
      await create(
        adminAuth,
        newClinic({ supervisor: { first_name: 'A', last_name: 'B', email: 'x', password: 'p' } }),
      ),
      400,
      'validation_failed',
    );
    const weak = newClinic();
    weak.supervisor.password = 'password';
    expectProblem(await create(adminAuth, weak), 400);
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const manager = await makeUser(t.database.db, clinic.id, { role: 'manager' });
    expectProblem(await create(await token(supervisor.email), newClinic()), 403);
    expectProblem(await create(await token(manager.email), newClinic()), 403);
    expect((await t.database.db.select().from(clinics)).length).toBe(before + 1);
  });
});

describe('the platform’s clinics', () => {
  it('lists clinics by name with their counts, searchable and paged', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    await t.database.db.update(clinics).set({ name: 'Zephyr Spine Center' }).where(eq(clinics.id, clinic.id));
    await makeUser(t.database.db, clinic.id, { role: 'therapist' });
    await makeUser(t.database.db, clinic.id, { role: 'patient' });
    const patients = createPatientsRepository(t.database.db, clinicScope(clinic.id));
    for (const status of ['onboarded', 'removed'] as const) {
      await patients.insert({
        firstName: 'P',
        lastName: status,
        phone: '5550100000',
        birthday: '1950-01-01',
        status,
      });
    }

    const res = await get('/api/v1/admin/clinics/?search=zephyr', adminAuth);
    expect(res.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(res.json().results[0]).toMatchObject({
      code: clinic.code,
      name: 'Zephyr Spine Center',
      staff_count: 2,
      patients_count: 1,
      supervisor: { id: supervisor.id },
    });
    const byCode = await get(`/api/v1/admin/clinics/?search=${clinic.code.toLowerCase()}`, adminAuth);
    expect(byCode.json().results.map((c: { code: string }) => c.code)).toEqual([clinic.code]);

    const firstPage = (await get('/api/v1/admin/clinics/?page_size=1', adminAuth)).json();
    expect(firstPage.results).toHaveLength(1);
    expect(firstPage.next).toBe(2);
    expectProblem(await get('/api/v1/admin/clinics/?page_size=500', adminAuth), 400, 'validation_failed');
    expectProblem(await get('/api/v1/admin/clinics/', await token(supervisor.email)), 403);
  });

  it('opens one clinic for the admin, audited as a read of that clinic', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const res = await get(`/api/v1/admin/clinics/${clinic.code}/`, adminAuth);
    expect(res.json()).toMatchObject({ code: clinic.code, staff_count: 1, patients_count: 0 });
    const rows = (await auditRows(t.database.db, 'clinic.read')).filter((r) => r.clinicId === clinic.id);
    expect(rows).toHaveLength(1);
    expectProblem(await get('/api/v1/admin/clinics/NOPE99/', adminAuth), 404, 'not_found');
    expectProblem(await get('/api/v1/admin/clinics/bad!/', adminAuth), 400, 'validation_failed');
    expectProblem(await get(`/api/v1/admin/clinics/${clinic.code}/`, await token(supervisor.email)), 403);
  });
});

describe('the support account', () => {
  const put = (auth: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/support-account/',
      headers: bearer(auth),
      payload: payload as object,
    });

  it('lets an admin choose an approved staff account, audited with the old and new id', async () => {
    const home = await makeClinic(t.database.db);
    const admin = await makeUser(t.database.db, home.id, { role: 'admin' });
    const helper = await makeUser(t.database.db, home.id, { role: 'therapist' });
    const auth = await token(admin.email);
    await t.database.db.delete(appSettings).where(eq(appSettings.key, 'support_user_id'));

    const res = await put(auth, { user_id: helper.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: helper.id, email: helper.email, clinic_code: home.code });
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/admin/support-account/', headers: bearer(auth) });
    expect(read.json().user.id).toBe(helper.id);
    const rows = await auditRows(t.database.db, 'settings.support_account');
    expect(rows.at(-1)!.detail).toEqual({ support_user_id: { old: null, new: helper.id } });

    // The settings info every staff member reads now names the new account.
    const info = await t.app.inject({ method: 'GET', url: '/user/settings-info', headers: bearer(auth) });
    expect(info.json().support_user_id).toBe(helper.id);
  });

  it('refuses patients, unknown and unapproved accounts, and anyone but an admin', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const admin = await makeUser(t.database.db, clinic.id, { role: 'admin' });
    const patient = await makeUser(t.database.db, clinic.id, { role: 'patient' });
    const pending = await makeUser(t.database.db, clinic.id, { approvalStatus: 'pending' });
    const auth = await token(admin.email);
    expectProblem(await put(auth, { user_id: patient.id }), 404, 'not_found');
    expectProblem(await put(auth, { user_id: 2_000_000_000 }), 404, 'not_found');
    expectProblem(await put(auth, { user_id: pending.id }), 400, 'validation_failed');
    expectProblem(await put(auth, { user_id: 'abc' }), 400, 'validation_failed');
    expectProblem(await put(await token(supervisor.email), { user_id: supervisor.id }), 403);
  });
});
