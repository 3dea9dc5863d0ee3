import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClinic } from '../../../test/factories.ts';
import { createTestApp, expectProblem, type TestApp } from '../../../test/helpers.ts';
import { api, makeStaffedClinic } from '../../../test/patients-support.ts';
import { outbox, patients, tasks, users } from '../../db/schema.ts';

let t: TestApp;
let call: ReturnType<typeof api>;
let clinic: Awaited<ReturnType<typeof makeStaffedClinic>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RESTRICTED_CLINIC_CODE: 'RSTR01' } });
  call = api(t.app);
  clinic = await makeStaffedClinic(t.app, t.database.db);
});
afterAll(() => t.close());

let phoneCounter = 1000;
const newPhone = () => {
  phoneCounter += 1;
  return { national: `555 020 ${phoneCounter}`, e164: `+1555020${phoneCounter}` };
};

/** The newest text message sent to the phone, read from the outbox like the demo page does. */
async function codeSentTo(phone: string) {
  const messages = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')))
    .orderBy(outbox.id);
  const latest = messages.at(-1);
  return { code: /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1] ?? '', status: latest?.status };
}

async function verifiedToken(phone: string) {
  expect((await call.post('/clinic/patient/send-otp', undefined, { phone })).statusCode).toBe(202);
  const { code } = await codeSentTo(phone);
  const res = await call.post('/clinic/patient/verify-otp', undefined, { phone, otp: code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().verification_token as string;
}

const registration = (phone: { national: string }, token: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Rosa',
  last_name: 'Parks',
  phone: phone.national,
  selected_code: '+1',
  birthday: '1950-02-04',
  email: `rosa.${phoneCounter}@example.test`,
  password: 'garden-path-morning-3',
  clinic_code: clinic.clinic.code,
  verification_token: token,
  ...overrides,
});

describe('phone verification', () => {
  it('sends a 6-digit code by SMS and accepts it once', async () => {
    const phone = newPhone();
    const sent = await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164 });
    expect(sent.statusCode).toBe(202);
    const { code, status } = await codeSentTo(phone.e164);
    expect(code).toMatch(/^\d{6}$/);
    expect(status).toBe('queued');
    const ok = await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: code });
    expect(ok.json()).toMatchObject({ verified: true });
    expectProblem(
      await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: code }),
      400,
      'invalid_token',
    );
  });

  it('counts wrong codes and refuses the right one after five', async () => {
    const phone = newPhone();
    await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164 });
    const { code } = await codeSentTo(phone.e164);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = expectProblem(
      await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: wrong }),
      400,
    );
    expect(first.errors?.otp?.[0]).toContain('4 tries left');
    for (let i = 0; i < 4; i++)
      await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: wrong });
    expectProblem(
      await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: code }),
      429,
      'rate_limited',
    );
  });

  it('lets a code expire after 10 minutes', async () => {
    const phone = newPhone();
    await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164 });
    const { code } = await codeSentTo(phone.e164);
    t.clock.advanceMinutes(11);
    expectProblem(
      await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: code }),
      400,
      'invalid_token',
    );
  });

  it('sends at most three codes to a phone in ten minutes', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++)
      expect((await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164 })).statusCode).toBe(202);
    expectProblem(await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164 }), 429, 'rate_limited');
    t.clock.advanceMinutes(11);
    expect((await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164 })).statusCode).toBe(202);
  });

  it('refuses malformed phones and codes, and unknown clinics', async () => {
    expectProblem(await call.post('/clinic/patient/send-otp', undefined, { phone: '12' }), 400);
    expectProblem(await call.post('/clinic/patient/send-otp', undefined, {}), 400);
    expectProblem(
      await call.post('/clinic/patient/verify-otp', undefined, { phone: '+15550201234', otp: '12ab56' }),
      400,
    );
    expectProblem(
      await call.post('/clinic/patient/send-otp', undefined, { phone: '+15550201234', clinic_code: 'NONE99' }),
      400,
    );
  });

  it('records but never sends codes for the restricted demo clinic', async () => {
    await makeClinic(t.database.db, { code: 'RSTR01' });
    const phone = newPhone();
    await call.post('/clinic/patient/send-otp', undefined, { phone: phone.e164, clinic_code: 'RSTR01' });
    expect((await codeSentTo(phone.e164)).status).toBe('suppressed');
  });
});

describe('QR self-registration', () => {
  it('registers the patient with a sign-in account and asks the clinic to onboard them', async () => {
    const phone = newPhone();
    const token = await verifiedToken(phone.e164);
    const res = await call.post('/clinic/patient/qr-registration', undefined, registration(phone, token));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, id));
    expect(row).toMatchObject({
      clinicId: clinic.clinic.id,
      status: 'registered',
      source: 'qr',
      phone: phone.national.replace(/\D/g, ''),
    });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, row!.userId!));
    expect(account?.role).toBe('patient');
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.patientId, id));
    expect(task).toMatchObject({ kind: 'onboard_patient', status: 'new', clinicId: clinic.clinic.id });
    const list = (await call.get('/api/v1/patients/?search=Parks', clinic.manager.token)).json();
    expect(list.results.map((p: { id: number }) => p.id)).toContain(id);
    expectProblem(
      await call.post(
        '/clinic/patient/qr-registration',
        undefined,
        registration(phone, token, { email: 'x2@example.test' }),
      ),
      400,
      'invalid_token',
    );
  });

  it('registers without an account when no password is given', async () => {
    const phone = newPhone();
    const token = await verifiedToken(phone.e164);
    const res = await call.post(
      '/clinic/patient/qr-registration',
      undefined,
      registration(phone, token, { password: undefined, email: '' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, res.json().id));
    expect(row?.userId).toBeNull();
  });

  it('refuses a token for another phone, a stale token, a wrong clinic and a weak password', async () => {
    const phone = newPhone();
    const token = await verifiedToken(phone.e164);
    const other = newPhone();
    expectProblem(
      await call.post('/clinic/patient/qr-registration', undefined, registration(other, token)),
      400,
      'invalid_token',
    );
    expectProblem(
      await call.post(
        '/clinic/patient/qr-registration',
        undefined,
        registration(phone, token, { clinic_code: 'NONE99' }),
      ),
      400,
    );
    const weak = await call.post(
      '/clinic/patient/qr-registration',
      undefined,
      registration(phone, token, { password: 'password123' }),
    );
    expect(expectProblem(weak, 400, 'weak_password').errors?.password).toBeDefined();
    expectProblem(
      await call.post('/clinic/patient/qr-registration', undefined, registration(phone, 'x'.repeat(43))),
      400,
      'invalid_token',
    );
    t.clock.advanceMinutes(31);
    expectProblem(
      await call.post('/clinic/patient/qr-registration', undefined, registration(phone, token)),
      400,
      'invalid_token',
    );
  });
});

describe('SMS provider', () => {
  it('hands codes to the configured provider and marks them sent', async () => {
    const received: { to: string; body: string; auth?: string }[] = [];
    const provider = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        received.push({ ...JSON.parse(raw), auth: req.headers.authorization });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as AddressInfo).port;
    const withProvider = await createTestApp({
      env: { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/send`, SMS_WEBHOOK_TOKEN: 'provider-secret' },
    });
    try {
      const res = await api(withProvider.app).post('/clinic/patient/send-otp', undefined, { phone: '+15550209999' });
      expect(res.statusCode).toBe(202);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ to: '+15550209999', auth: 'Bearer provider-secret' });
      expect(received[0]?.body).toMatch(/\b\d{6}\b/);
      const [row] = await withProvider.database.db.select().from(outbox).where(eq(outbox.recipient, '+15550209999'));
      expect(row?.status).toBe('sent');
    } finally {
      await withProvider.close();
      provider.close();
    }
  });
});
