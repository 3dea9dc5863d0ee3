import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic } from '../../../test/factories.ts';
import { createTestApp, expectProblem, testAppForFile } from '../../../test/helpers.ts';
import { api, makeStaffedClinic } from '../../../test/patients-support.ts';
import { otpFailures, outbox, patients, tasks, users } from '../../db/schema.ts';

const t = await testAppForFile({ env: { RESTRICTED_CLINIC_CODE: 'RSTR01' } });
const call = api(t.app);
const clinic = await makeStaffedClinic(t.app, t.database.db);

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

const PATIENT_IP = '198.51.100.20';
const ATTACKER_IP = '203.0.113.66';
const sendFrom = (ip: string, phone: string, app = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/clinic/patient/send-otp', payload: { phone }, remoteAddress: ip, headers });
const verifyFrom = (ip: string, phone: string, otp: string) =>
  t.app.inject({ method: 'POST', url: '/clinic/patient/verify-otp', payload: { phone, otp }, remoteAddress: ip });
/** The patient asks for a new code from their own address, and it verifies the phone. */
async function freshCodeVerifies(phone: string) {
  expect((await sendFrom(PATIENT_IP, phone)).statusCode).toBe(202);
  const { code } = await codeSentTo(phone);
  const verified = await verifyFrom(PATIENT_IP, phone, code);
  expect(verified.statusCode, verified.body).toBe(200);
}
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
const textsTo = async (phone: string) =>
  (
    await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')))
  ).length;

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

  it('counts wrong codes, and after five the code is dead: the right one is refused and a new code is needed', async () => {
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
    const dead = expectProblem(
      await call.post('/clinic/patient/verify-otp', undefined, { phone: phone.e164, otp: code }),
      400,
      'code_used_up',
    );
    expect(dead.errors?.otp).toEqual([dead.detail]);
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

describe('phone-code limits one caller cannot spend for another', () => {
  // These move the clock by hours and days: they come last, after the tests that use staff sessions.
  it('sends at most three codes to a phone from one address in ten minutes, and five in a day', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
      t.clock.advanceMinutes(1);
    }
    // Three minutes after the first code, its window of ten minutes ends in seven.
    const refused = await sendFrom(PATIENT_IP, phone.e164);
    expect(expectProblem(refused, 429, 'rate_limited').detail).toBe(
      'You asked for 3 codes for this phone in 10 minutes. Ask for a new one in 7 minutes.',
    );
    expect(refused.headers['retry-after']).toBe(String(7 * 60));
    t.clock.advanceMinutes(7);
    expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
    t.clock.advanceMinutes(1);
    expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
    t.clock.advanceMinutes(30);
    const daily = await sendFrom(PATIENT_IP, phone.e164);
    expect(expectProblem(daily, 429, 'rate_limited').detail).toBe(
      'You asked for 5 codes for this phone today. Try again in 24 hours or ask your clinic for help.',
    );
    // The day's first code leaves the count 24 hours after it was sent.
    expect(daily.headers['retry-after']).toBe(String((24 * 60 - 41) * 60));
  });

  it('lets the patient ask from their own address while another address has spent its codes', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      expect((await sendFrom(ATTACKER_IP, phone.e164)).statusCode).toBe(202);
      t.clock.advanceMinutes(1);
    }
    expectProblem(await sendFrom(ATTACKER_IP, phone.e164), 429, 'rate_limited');
    const own = await sendFrom(PATIENT_IP, phone.e164);
    expect(own.statusCode, own.body).toBe(202);
    const { code } = await codeSentTo(phone.e164);
    // A code asked for later from yet another address does not replace the one the patient holds.
    t.clock.advanceMinutes(1);
    expect((await sendFrom('203.0.113.67', phone.e164)).statusCode).toBe(202);
    const verified = await verifyFrom(PATIENT_IP, phone.e164, code);
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('counts an IPv6 caller by its /64, and reads the address behind a trusted proxy', async () => {
    const phone = newPhone();
    for (let i = 1; i <= 3; i++) {
      expect((await sendFrom(`2001:db8:1:2::${i}`, phone.e164)).statusCode).toBe(202);
      t.clock.advanceMinutes(1);
    }
    expectProblem(await sendFrom('2001:db8:1:2:ffff::9', phone.e164), 429, 'rate_limited');
    expect((await sendFrom('2001:db8:1:3::1', phone.e164)).statusCode).toBe(202);

    const behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const forwarded = (ip: string) =>
        sendFrom('10.0.0.1', '+15550208888', behindProxy.app, { 'x-forwarded-for': ip });
      for (let i = 0; i < 3; i++) {
        expect((await forwarded(ATTACKER_IP)).statusCode).toBe(202);
        behindProxy.clock.advanceMinutes(1);
      }
      expectProblem(await forwarded(ATTACKER_IP), 429, 'rate_limited');
      expect((await forwarded(PATIENT_IP)).statusCode).toBe(202);
    } finally {
      await behindProxy.close();
    }
  });

  it('keeps the texts to one phone within five in fifteen minutes, however many addresses ask', async () => {
    const phone = newPhone();
    for (let i = 1; i <= 5; i++) {
      const sent = await sendFrom(`203.0.113.${i}`, phone.e164);
      expect(sent.statusCode, sent.body).toBe(202);
      t.clock.advanceMinutes(1);
    }
    const refused = await sendFrom(PATIENT_IP, phone.e164);
    expect(expectProblem(refused, 429, 'rate_limited').detail).toBe(
      'Several codes were sent to this phone in the last 15 minutes. Enter the newest code you received, or ask for a new one in 10 minutes.',
    );
    expect(refused.headers['retry-after']).toBe(String(10 * 60));
    expect(await textsTo(phone.e164)).toBe(5);
    // Minutes, never a day: the patient gets a code once the first of the five leaves the window.
    t.clock.advanceMinutes(10);
    expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
  });

  it('asks for a short pause between codes to one phone, from anyone, instead of a lock', async () => {
    const phone = newPhone();
    expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
    const soon = await sendFrom(ATTACKER_IP, phone.e164);
    expect(expectProblem(soon, 429, 'rate_limited').detail).toBe(
      'A code was sent to this phone a moment ago. Enter the newest code you received, or ask for a new one in 60 seconds.',
    );
    expect(soon.headers['retry-after']).toBe('60');
    t.clock.advanceMinutes(0.5);
    const later = expectProblem(await sendFrom(PATIENT_IP, phone.e164), 429, 'rate_limited');
    expect(later.detail).toContain('in 30 seconds');
    // Refused requests do not make the pause longer.
    t.clock.advanceMinutes(0.5);
    expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
    expect(await textsTo(phone.e164)).toBe(2);
  });

  it('holds when many ask or guess at the same moment', async () => {
    const phone = newPhone();
    const ips = Array.from({ length: 8 }, (_, i) => `203.0.113.${100 + i}`);
    const sends = await Promise.all(ips.map((ip) => sendFrom(ip, phone.e164)));
    expect(sends.map((res) => res.statusCode).sort()).toEqual([202, 429, 429, 429, 429, 429, 429, 429]);
    expect(await textsTo(phone.e164)).toBe(1);
    const { code } = await codeSentTo(phone.e164);
    const guesses = await Promise.all(ips.map((ip) => verifyFrom(ip, phone.e164, wrongCode(code))));
    const codes = guesses.map((res) => res.json().code as string).sort();
    // The asker's own guess and two of the others' count; the rest find the code closed to them.
    expect(codes).toEqual([...Array(6).fill('code_used_up'), ...Array(2).fill('validation_failed')]);
    const failures = await t.database.db.select().from(otpFailures).where(eq(otpFailures.phone, phone.e164));
    expect(failures).toHaveLength(3);
  });

  /** A new code for the address, then wrong guesses at it from there: the answers. */
  const guessFrom = async (ip: string, phone: string, tries: number) => {
    const sent = await sendFrom(ip, phone);
    expect(sent.statusCode, sent.body).toBe(202);
    const { code } = await codeSentTo(phone);
    const answers = [];
    for (let i = 0; i < tries; i++) answers.push(await verifyFrom(ip, phone, wrongCode(code)));
    t.clock.advanceMinutes(5);
    return answers;
  };

  it('lets the patient in with a fresh code after two addresses guessed wrong five times each, twice', async () => {
    const phone = newPhone();
    for (const ip of [ATTACKER_IP, '203.0.113.67', ATTACKER_IP, '203.0.113.67']) {
      const answers = await guessFrom(ip, phone.e164, 5);
      expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400]);
    }
    expect(await t.database.db.select().from(otpFailures).where(eq(otpFailures.phone, phone.e164))).toHaveLength(20);
    await freshCodeVerifies(phone.e164);
  });

  it('never lets others use up the patient’s code: past two wrong tries it is closed to them only', async () => {
    const phone = newPhone();
    expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
    const { code } = await codeSentTo(phone.e164);
    const tries = [];
    for (const ip of [ATTACKER_IP, '203.0.113.67', '203.0.113.68', ATTACKER_IP]) {
      tries.push(await verifyFrom(ip, phone.e164, wrongCode(code)));
    }
    expect(expectProblem(tries[0]!, 400, 'validation_failed').errors?.otp).toEqual([
      'The code is not right. 1 try left.',
    ]);
    expect(expectProblem(tries[1]!, 400, 'code_used_up').errors?.otp?.[0]).toContain('no longer works');
    for (const closed of tries.slice(2)) {
      expect(expectProblem(closed, 400, 'code_used_up').detail).toBe(
        'This code has had too many wrong tries and no longer works. Ask for a new code in 60 seconds.',
      );
    }
    const wrongOwn = expectProblem(await verifyFrom(PATIENT_IP, phone.e164, wrongCode(code)), 400);
    expect(wrongOwn.errors?.otp).toEqual(['The code is not right. 2 tries left.']);
    const verified = await verifyFrom(PATIENT_IP, phone.e164, code);
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('kills a code after five wrong tries from its own address, and a new code then works', async () => {
    const phone = newPhone();
    const answers = await guessFrom(PATIENT_IP, phone.e164, 5);
    expect(expectProblem(answers[4]!, 400, 'code_used_up').errors?.otp).toEqual([
      'The code is not right, and it has had too many wrong tries: it no longer works. Ask for a new code.',
    ]);
    await freshCodeVerifies(phone.e164);
  });

  it('stops one address after ten wrong codes a day for a phone, and only that address', async () => {
    const phone = newPhone();
    await guessFrom(ATTACKER_IP, phone.e164, 5);
    const second = await guessFrom(ATTACKER_IP, phone.e164, 5);
    expect(expectProblem(second[0]!, 400).errors?.otp).toEqual(['The code is not right. 4 tries left.']);
    const third = await guessFrom(ATTACKER_IP, phone.e164, 1);
    expect(expectProblem(third[0]!, 429, 'rate_limited').detail).toBe(
      'Too many wrong codes were entered for this phone from your network. Try again in 24 hours or ask your clinic for help.',
    );
    expect(Number(third[0]!.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await sendFrom(PATIENT_IP, phone.e164)).statusCode).toBe(202);
    const { code } = await codeSentTo(phone.e164);
    expect((await verifyFrom(PATIENT_IP, phone.e164, code)).statusCode).toBe(200);
  });
});
