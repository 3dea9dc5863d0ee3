import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { authEndpoints, clinicEndpoints, supervisorEndpoints } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { makeClinic, makeClinicWithSupervisor, makeUser, PASSWORD } from './factories.ts';
import { createTestApp, expectProblem, type TestApp } from './helpers.ts';

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('x'.repeat(3000))});`;
const page = '<!doctype html><title>Rehabit</title><div id="root"></div>';
// A built file with the brotli and gzip variants the web build writes beside it.
const writeBuilt = (file: string, content: string) => {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
};
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'rehabit-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeBuilt(path.join(webDist, 'index.html'), page);
  writeBuilt(path.join(webDist, 'assets', 'main-abc123.js'), script);
  t = await createTestApp({
    env: { WEB_DIST: webDist, CORS_ORIGINS: 'https://portal.example.test', AUTH_RATE_LIMIT_PER_MINUTE: '3' },
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers alive and ready', async () => {
    expect((await t.app.inject('/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/ready')).json()).toEqual({ status: 'ok' });
  });
});

describe('one server for API and web app', () => {
  it('serves index.html for pages, hashed assets for a year, and problems for unknown API paths', async () => {
    const index = await t.app.inject({ url: '/patient/12/dashboard', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ url: '/api/v1/nothing/', headers: { accept: 'text/html' } });
    expectProblem(api, 404, 'not_found');
    expectProblem(await t.app.inject('/clinic/unknown'), 404, 'not_found');
    expectProblem(await t.app.inject({ method: 'DELETE', url: '/patients' }), 404);
  });

  it('sends the brotli variant of the build when accepted, gzip otherwise, and the file itself to other clients', async () => {
    const asset = (acceptEncoding?: string) =>
      t.app.inject({
        url: '/assets/main-abc123.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await asset('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toContain('accept-encoding');
  });

  it('sends index.html compressed as accepted, never kept without asking the server', async () => {
    const index = (acceptEncoding: string) =>
      t.app.inject({ url: '/login', headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } });
    const br = await index('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    const refused = await index('br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(refused.rawPayload).toString()).toBe(page);
    const plain = await index('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('compresses API answers from 1 KB on, and leaves small ones as they are', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    for (let i = 0; i < 8; i++) await makeUser(t.database.db, clinic.id);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/clinic/supervisor/signin',
      payload: { code: clinic.code, password: supervisor.password },
      remoteAddress: '192.0.2.91',
    });
    const users = (acceptEncoding: string) =>
      t.app.inject({
        url: '/clinic/supervisor/approval?status=approved',
        headers: { authorization: `Bearer ${signin.json().token}`, 'accept-encoding': acceptEncoding },
      });
    const plain = (await users('identity')).json();
    expect(JSON.stringify(plain).length).toBeGreaterThan(1024);
    const br = await users('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    const gzip = await users('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain);
    const small = await t.app.inject({ url: '/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends the OpenAPI document compressed once, as the client accepts', async () => {
    const docs = (acceptEncoding: string) =>
      t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': acceptEncoding } });
    const plain = await docs('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('application/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const doc = plain.json();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    const br = await docs('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(doc);
    const gzip = await docs('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(doc);
    // The same bytes on every request: written once, not again per request.
    expect((await docs('br')).rawPayload.equals(br.rawPayload)).toBe(true);
    // A cache keeps answers apart by origin as well as by encoding.
    const fromPortal = await t.app.inject({
      url: '/docs/json',
      headers: { 'accept-encoding': 'br', origin: 'https://portal.example.test' },
    });
    expect(fromPortal.headers.vary).toMatch(/origin/i);
    expect(fromPortal.headers.vary).toContain('accept-encoding');
  });

  it('sends a strict CSP and no-store on API answers', async () => {
    const res = await t.app.inject('/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows credentialed CORS only for configured origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/',
      headers: { origin: 'https://portal.example.test', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.test');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const denied = await t.app.inject({ url: '/health', headers: { origin: 'https://evil.example.test' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the portal on another origin read how long a refusal asks it to wait', async () => {
    const res = await t.app.inject({ url: '/health', headers: { origin: 'https://portal.example.test' } });
    expect(res.headers['access-control-expose-headers']).toBe('Retry-After');
  });
});

describe('OpenAPI', () => {
  it('documents every route of the contract at /docs', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    const documented = Object.keys(doc.paths);
    const expected = [
      ...Object.values(authEndpoints).map((endpoint) => endpoint.path),
      ...Object.values(supervisorEndpoints).map((endpoint) => endpoint.path),
      clinicEndpoints.checkCode.path,
      '/api/v1/clinics/{clinicCode}/',
    ];
    for (const route of expected) expect(documented).toContain(route);
    expect((await t.app.inject('/docs')).statusCode).toBeLessThan(400);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per IP with a 429 problem', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/clinic/therapist/signin',
        payload: { email: user.email, password: PASSWORD },
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
    const limited = await attempt();
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('request bodies', () => {
  it('reads an empty JSON body as no body and refuses prototype poisoning', async () => {
    const logout = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/logout',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(logout, 401, 'unauthenticated');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.test","password":"x","__proto__":{"admin":true}}',
    });
    expectProblem(poisoned, 400);
  });
});

describe('rate limits shared through Redis', () => {
  it('counts attempts in Redis when REDIS_URL is set', async () => {
    const withRedis = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:6379', AUTH_RATE_LIMIT_PER_MINUTE: '2' },
    });
    try {
      const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
      const check = () => withRedis.app.inject({ url: '/clinic/check_code?code=ABCD12', remoteAddress });
      expect((await check()).statusCode).toBe(200);
      expect((await check()).statusCode).toBe(200);
      expectProblem(await check(), 429, 'rate_limited');
    } finally {
      await withRedis.close();
    }
  });
});

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', DATABASE_URL: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('PUBLIC_URL');
    }
  });

  it('uses the embedded database without DATABASE_URL, on this machine only, and demo mode only when asked', () => {
    const config = loadConfig({ INIT_CWD: '/srv/rehabit' });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      // Relative to the folder the command was typed in, not the workspace npm runs the server from.
      DATA_DIR: '/srv/rehabit/data',
      RESTRICTED_CLINIC_CODE: 'X5218',
      REDIS_KEY_PREFIX: 'rehabit',
      isDemo: false,
    });
    expect(loadConfig({ INIT_CWD: '/srv/rehabit', DATA_DIR: '/var/lib/rehabit' }).DATA_DIR).toBe('/var/lib/rehabit');
    expect(loadConfig({ INIT_CWD: '/srv/rehabit', VIDEO_STORAGE_DIR: 'clips' }).VIDEO_STORAGE_DIR).toBe(
      '/srv/rehabit/clips',
    );
    // `#` separates the parts of the Socket.IO channel names built on the prefix.
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'rehabit#1' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(loadConfig({ DEMO: 'true' }).isDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/rehabit' }).isDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/rehabit' }, ['--demo']).isDemo).toBe(true);
  });
});

describe('production configuration', () => {
  const secrets = {
    APP_SECRET: 'k3V9pQ2xLm7ZtR4wYb8NcH1sJf6GdE0u',
    VIDEO_SIGNING_SECRET: 'Wq5Tz8rN2vB7xK4mP9sL1cF6hJ3gD0yA',
  };
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.org', ...secrets };
  const refusal = (env: Record<string, string>, argv: string[] = []) => {
    try {
      loadConfig(env, argv);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('starts with its own long secrets and public address', () => {
    expect(loadConfig(production)).toMatchObject({ ...secrets, isDemo: false });
  });

  it('refuses missing, short, published or shared secrets, naming each', () => {
    const missing = refusal({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.org' });
    expect(missing).toMatch(/APP_SECRET: required in production/);
    expect(missing).toMatch(/VIDEO_SIGNING_SECRET: required in production/);
    expect(refusal({ ...production, APP_SECRET: 'x7'.repeat(10) })).toMatch(/APP_SECRET: at least 32 characters/);
    expect(refusal({ ...production, APP_SECRET: 'ab12'.repeat(10) })).toMatch(/APP_SECRET: not random/);
    // Spaces around a value are not part of the secret.
    expect(refusal({ ...production, APP_SECRET: ` ${'x7'.repeat(10)} ` })).toMatch(/APP_SECRET: at least 32/);
    for (const published of ['rehabit-development-video-secret', 'change-me-to-a-long-random-string']) {
      expect(refusal({ ...production, VIDEO_SIGNING_SECRET: ` ${published} ` })).toMatch(
        /VIDEO_SIGNING_SECRET: a published example value/,
      );
    }
    expect(refusal({ ...production, VIDEO_SIGNING_SECRET: secrets.APP_SECRET })).toMatch(/must differ/);
  });

  it('refuses demo mode and a missing public address', () => {
    expect(refusal({ ...production, DEMO: 'true' })).toMatch(/DEMO: demo mode .* never on in production/);
    expect(refusal(production, ['--demo'])).toMatch(/DEMO:/);
    const { PUBLIC_URL: _, ...withoutUrl } = production;
    expect(refusal(withoutUrl)).toMatch(/PUBLIC_URL: required in production/);
  });

  it('keeps the development secrets outside production only', () => {
    const development = loadConfig({});
    expect(development.APP_SECRET).toBe('rehabit-development-secret');
    expect(development.VIDEO_SIGNING_SECRET).toBe('rehabit-development-video-secret');
  });
});

describe('input the database would refuse', () => {
  it('answers 400, never 500, for ids out of range and NUL bytes', async () => {
    const clinic = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, clinic.id, { role: 'manager' });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: '192.0.2.55',
    });
    const headers = { authorization: `Bearer ${signin.json().token}` };
    for (const url of [
      '/api/v1/patients/99999999999999/',
      '/api/v1/patients/?therapist_id=99999999999',
      '/chat/message?session=99999999999',
      '/api/v1/patients/?search=%00',
      '/api/v1/icd10_codes/?search=%00abc',
    ]) {
      expectProblem(await t.app.inject({ url, headers }), 400);
    }
    const register = await t.app.inject({
      method: 'POST',
      url: '/clinic/patient/register',
      headers,
      payload: { first_name: 'a\u0000', last_name: 'b', phone: '5551234567', birthday: '1950-01-01' },
    });
    expectProblem(register, 400, 'validation_failed');
    const discharge = await t.app.inject({
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      headers,
      payload: { patient_ids: [99999999999] },
    });
    expectProblem(discharge, 400);
  });
});
