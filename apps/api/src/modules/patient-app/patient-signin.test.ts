import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClinic, makeUser, PASSWORD } from '../../../test/factories.ts';
import { bearer, expectProblem, type TestApp } from '../../../test/helpers.ts';
import { codeSentTo, verifyPhone } from '../../../test/patient-app-support.ts';
import { type ApiClient, appWithTwoClinics, patientBody, type StaffedClinic } from '../../../test/patients-support.ts';
import { auditEvents, patients, sessions, users } from '../../db/schema.ts';
import { phoneAccountEmail } from './patient-signin.service.ts';

let t: TestApp;
let call: ApiClient;
let home: StaffedClinic;
let away: StaffedClinic;
beforeAll(async () => {
  ({ t, call, home, away } = await appWithTwoClinics({ env: { RESTRICTED_CLINIC_CODE: 'RSTR02' } }));
});
afterAll(() => t.close());

let phoneCounter = 3000;
const newPhone = () => {
  phoneCounter += 1;
  return { national: `555 030 ${phoneCounter}`, e164: `+1555030${phoneCounter}` };
};
const auditOf = (action: string, patientId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, patientId)));
const currentUser = async (token: string) => {
  const res = await call.get('/api/v1/users/', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0];
};

/** A patient who registered from the QR code with an e-mail and password. */
async function selfRegistered(email: string, password = 'garden-path-morning-7') {
  const phone = newPhone();
  const verified = await verifyPhone(t.app, t.database.db, phone.e164);
  const res = await call.post('/clinic/patient/qr-registration', undefined, {
    first_name: 'Rosa',
    last_name: 'Parks',
    phone: phone.national,
    selected_code: '+1',
    birthday: '1950-02-04',
    email,
    password,
    clinic_code: home.clinic.code,
    verification_token: verified.json().verification_token,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, email, password, phone };
}

describe('sign-in by phone code', () => {
  it('gives a patient registered by staff a phone-only account and a patient session', async () => {
    const phone = newPhone();
    const patient = await call.register(home.manager.token, { phone: phone.national, email: undefined });
    const res = await verifyPhone(t.app, t.database.db, phone.e164);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ verified: true, verification_token: expect.any(String), token: expect.any(String) });

    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, patient.id));
    const [account] = await t.database.db.select().from(users).where(eq(users.id, row!.userId!));
    expect(account).toMatchObject({
      email: phoneAccountEmail(patient.id),
      role: 'patient',
      clinicId: home.clinic.id,
      approvalStatus: 'approved',
    });
    expect(await currentUser(body.token)).toMatchObject({ id: account!.id, role: 'patient', code: home.clinic.code });
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account!.id));
    expect(session!.kind).toBe('patient');
    expect(await auditOf('patient.account_created', patient.id)).toHaveLength(1);
    const signins = await auditOf('patient.signin', patient.id);
    expect(signins).toMatchObject([{ outcome: 'success', actorUserId: account!.id, detail: { method: 'phone' } }]);

    // The next sign-in opens the same account.
    t.clock.advanceMinutes(1);
    const again = await verifyPhone(t.app, t.database.db, phone.e164);
    expect((await currentUser(again.json().token)).id).toBe(account!.id);
    expect(await auditOf('patient.account_created', patient.id)).toHaveLength(1);
    expect(await auditOf('patient.signin', patient.id)).toHaveLength(2);
  });

  it('answers no token for a phone of no patient, or of a removed one', async () => {
    const unknown = await verifyPhone(t.app, t.database.db, newPhone().e164);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().token).toBeUndefined();

    const phone = newPhone();
    const patient = await call.register(home.manager.token, { phone: phone.national });
    expect((await call.post(`/api/v1/patients/${patient.id}/remove/`, home.manager.token)).statusCode).toBe(200);
    const removed = await verifyPhone(t.app, t.database.db, phone.e164);
    expect(removed.json()).toMatchObject({ verified: true });
    expect(removed.json().token).toBeUndefined();
    expect(await auditOf('patient.signin', patient.id)).toEqual([]);
  });

  it('chooses the onboarded patient among several with the phone, else the latest updated', async () => {
    const phone = newPhone();
    const older = await call.register(home.manager.token, { phone: phone.national });
    const onboarded = await call.register(away.manager.token, { phone: phone.national });
    expect(
      (
        await call.post(`/api/v1/patients/${onboarded.id}/onboard/`, away.manager.token, {
          diagnosis: 'M54.50',
          therapist: away.therapist.id,
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advanceMinutes(1);
    const newer = await call.register(home.manager.token, { phone: phone.national });
    const first = await verifyPhone(t.app, t.database.db, phone.e164);
    expect(await currentUser(first.json().token)).toMatchObject({ code: away.clinic.code });
    expect(await auditOf('patient.signin', onboarded.id)).toHaveLength(1);

    await call.post(`/api/v1/patients/${onboarded.id}/remove/`, away.manager.token);
    t.clock.advanceMinutes(11);
    const second = await verifyPhone(t.app, t.database.db, phone.e164);
    expect(await currentUser(second.json().token)).toMatchObject({ code: home.clinic.code });
    expect(await auditOf('patient.signin', newer.id)).toHaveLength(1);
    expect(await auditOf('patient.signin', older.id)).toEqual([]);
  });

  it('signs in patients of the restricted clinic too', async () => {
    const restricted = await makeClinic(t.database.db, { code: 'RSTR02' });
    const manager = await makeUser(t.database.db, restricted.id, { role: 'manager' });
    const managerToken = (
      await call.post('/clinic/therapist/signin', undefined, { email: manager.email, password: PASSWORD })
    ).json().token;
    const phone = newPhone();
    await call.register(managerToken, { phone: phone.national });
    const res = await verifyPhone(t.app, t.database.db, phone.e164);
    expect(await currentUser(res.json().token)).toMatchObject({ role: 'patient', code: 'RSTR02' });
  });

  it('signs the patient in from their phone while another address keeps asking for codes to the number', async () => {
    const phone = newPhone();
    const patient = await call.register(home.manager.token, { phone: phone.national });
    const post = (url: string, payload: object, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    const attacker = '203.0.113.80';
    let refusedAttacker = 0;
    for (let minute = 0; minute < 5; minute++) {
      const res = await post('/clinic/patient/send-otp', { phone: phone.e164 }, attacker);
      if (res.statusCode === 429) refusedAttacker += 1;
      t.clock.advanceMinutes(1);
    }
    expect(refusedAttacker).toBe(2);
    const own = await post('/clinic/patient/send-otp', { phone: phone.e164 }, '198.51.100.30');
    expect(own.statusCode, own.body).toBe(202);
    const code = await codeSentTo(t.database.db, phone.e164);
    t.clock.advanceMinutes(1);
    expect((await post('/clinic/patient/send-otp', { phone: phone.e164 }, '203.0.113.81')).statusCode).toBe(202);
    const res = await post('/clinic/patient/verify-otp', { phone: phone.e164, otp: code }, '198.51.100.30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    expect(await auditOf('patient.signin', patient.id)).toHaveLength(1);
  });

  it('keeps a wrong code a 400 without a token', async () => {
    const phone = newPhone();
    await call.register(home.manager.token, { phone: phone.national });
    await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164 });
    const res = await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: '12345' });
    expectProblem(res, 400, 'validation_failed');
  });
});

describe('sign-in by e-mail and password', () => {
  it('signs a self-registered patient in, and the staff sign-in keeps refusing them', async () => {
    const patient = await selfRegistered('rosa.signin@example.test');
    const res = await call.post('/api/v1/patient/signin/', undefined, {
      email: patient.email,
      password: patient.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await currentUser(res.json().token)).toMatchObject({ role: 'patient', email: patient.email });
    expect(await auditOf('patient.signin', patient.id)).toMatchObject([
      { outcome: 'success', detail: { method: 'password' } },
    ]);
    expectProblem(
      await call.post('/clinic/therapist/signin', undefined, { email: patient.email, password: patient.password }),
      401,
      'invalid_credentials',
    );
  });

  it('refuses staff accounts, unknown accounts and wrong passwords alike, and slows an address down after three', async () => {
    const patient = await selfRegistered('rosa.lockout@example.test');
    const signin = (email: string, password: string) =>
      call.post('/api/v1/patient/signin/', undefined, { email, password });
    expectProblem(await signin(home.therapist.email, PASSWORD), 401, 'invalid_credentials');
    expectProblem(await signin('nobody@example.test', PASSWORD), 401, 'invalid_credentials');
    for (let i = 0; i < 3; i += 1) expectProblem(await signin(patient.email, 'wrong-password'), 401);
    expectProblem(await signin(patient.email, patient.password), 429, 'account_locked');
    const failures = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.signin'), eq(auditEvents.outcome, 'failure')));
    expect(failures.some((f) => f.detail?.account === `email:${patient.email}`)).toBe(true);
  });

  it('treats the account of a removed patient as unknown', async () => {
    const patient = await selfRegistered('rosa.removed@example.test');
    await call.post(`/api/v1/patients/${patient.id}/remove/`, home.manager.token);
    expectProblem(
      await call.post('/api/v1/patient/signin/', undefined, { email: patient.email, password: patient.password }),
      401,
      'invalid_credentials',
    );
  });

  it('ends the sessions of a patient who is removed', async () => {
    const patient = await selfRegistered('rosa.signed-in@example.test');
    const signin = await call.post('/api/v1/patient/signin/', undefined, {
      email: patient.email,
      password: patient.password,
    });
    const token = signin.json().token as string;
    expect((await call.get('/api/v1/patient/me/', token)).statusCode).toBe(200);
    await call.post(`/api/v1/patients/${patient.id}/remove/`, home.manager.token);
    expectProblem(await call.get('/api/v1/patient/me/', token), 401, 'unauthenticated');
  });

  it('answers bad input with 400', async () => {
    expectProblem(await call.post('/api/v1/patient/signin/', undefined, { email: 'not-an-email' }), 400);
    expectProblem(await call.post('/api/v1/patient/signin/', undefined, { email: 'a@b.test', password: '' }), 400);
  });
});

describe('patient tokens', () => {
  it('reach no staff calls', async () => {
    const phone = newPhone();
    await call.register(home.manager.token, { ...patientBody(), phone: phone.national });
    const { token } = (await verifyPhone(t.app, t.database.db, phone.e164)).json();
    expectProblem(await call.get('/api/v1/patients/', token), 403);
    expectProblem(await call.get('/chat/therapist', token), 403);
    expectProblem(await call.post('/chat/session', token, { patient: 1 }), 403);
    const staffOnMe = await t.app.inject({ url: '/api/v1/patient/me/', headers: bearer(home.therapist.token) });
    expectProblem(staffOnMe, 403);
  });
});
