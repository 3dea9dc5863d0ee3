import { adminEndpoints, authEndpoints } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryStatus } from '../src/lib/delivery.ts';
import { makeClinic, makeUser, PASSWORD } from './factories.ts';
import { bearer, createTestApp, expectProblem, type TestApp } from './helpers.ts';

const stranger = '203.0.113.9';

let demo: TestApp;
let plain: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
  plain = await createTestApp({ env: { DEMO: 'false' } });
});
afterAll(async () => {
  await demo.close();
  await plain.close();
});

async function tokenOf(t: TestApp, role: 'admin' | 'therapist') {
  const user = await makeUser(t.database.db, (await makeClinic(t.database.db)).id, { role });
  const res = await t.app.inject({
    method: 'POST',
    url: authEndpoints.signin.path,
    payload: { email: user.email, password: PASSWORD },
  });
  return res.json().token as string;
}

/** Something worth hiding in the outbox: a password-reset link. */
async function resetLinkInOutbox(t: TestApp) {
  const user = await makeUser(t.database.db, (await makeClinic(t.database.db)).id);
  await t.app.inject({ method: 'POST', url: authEndpoints.resetPassword.path, payload: { email: user.email } });
  return user.email;
}

describe('the demo outbox', () => {
  it('shows one-time links to a person on the server itself', async () => {
    const email = await resetLinkInOutbox(demo);
    const res = await demo.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.some((m: { to: string }) => m.to === email)).toBe(true);
    expect((await demo.app.inject({ url: '/dev/outbox', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('refuses anyone else who is not a platform admin, with no message in the answer', async () => {
    const email = await resetLinkInOutbox(demo);
    const therapist = await tokenOf(demo, 'therapist');
    for (const request of [
      { remoteAddress: stranger },
      { remoteAddress: stranger, headers: bearer(therapist) },
      // A proxy on the same machine forwards strangers from the loopback address.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': stranger } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: `for=${stranger}` } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': stranger } },
    ]) {
      const res = await demo.app.inject({ url: '/dev/outbox', ...request });
      expectProblem(res, 403, 'forbidden');
      expect(res.body).not.toContain(email);
    }
  });

  it('shows the outbox to a platform admin from anywhere', async () => {
    const admin = await tokenOf(demo, 'admin');
    const res = await demo.app.inject({ url: '/dev/outbox', remoteAddress: stranger, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
  });

  it('does not exist outside demo mode, not even for the server itself or an admin', async () => {
    await resetLinkInOutbox(plain);
    const admin = await tokenOf(plain, 'admin');
    expect((await plain.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await plain.app.inject({ url: '/dev/outbox', headers: bearer(admin) })).statusCode).toBe(404);
  });
});

describe("delivery status in the admin's view", () => {
  it('says plainly that e-mail and texts reach nobody without SMTP or an SMS provider', async () => {
    const res = await plain.app.inject({
      url: adminEndpoints.deliveryStatus.path,
      headers: bearer(await tokenOf(plain, 'admin')),
    });
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status).toMatchObject({ email: 'outbox', sms: 'outbox', is_demo: false });
    expect(status.warnings).toEqual([
      expect.stringMatching(/^E-mail is not delivered: no SMTP server is configured/),
      expect.stringMatching(/^Text messages are not delivered: no SMS provider is configured/),
    ]);
  });

  it('has nothing to warn of once both are configured', () => {
    const configured = { SMTP_URL: 'smtp://127.0.0.1:2525', SMS_WEBHOOK_URL: 'https://sms.example.test/send' };
    expect(deliveryStatus({ ...configured, isDemo: false })).toEqual({
      email: 'smtp',
      sms: 'webhook',
      is_demo: false,
      warnings: [],
    });
    expect(deliveryStatus({ SMTP_URL: configured.SMTP_URL, isDemo: false }).warnings).toEqual([
      expect.stringMatching(/^Text messages are not delivered/),
    ]);
  });

  it('is for platform admins only', async () => {
    expectProblem(await plain.app.inject({ url: adminEndpoints.deliveryStatus.path }), 401);
    const therapist = await tokenOf(plain, 'therapist');
    expectProblem(await plain.app.inject({ url: adminEndpoints.deliveryStatus.path, headers: bearer(therapist) }), 403);
  });
});
