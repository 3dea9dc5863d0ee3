import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { makeClinicWithSupervisor, makeUser } from './factories.ts';
import { bearer, createTestApp, staffToken, type TestApp, testAppForFile } from './helpers.ts';

/** A clinic with a therapist, a manager and a supervisor signed in, ready for patient work. */
export async function makeStaffedClinic(app: FastifyInstance, db: Db) {
  const { clinic, supervisor } = await makeClinicWithSupervisor(db);
  const therapist = await makeUser(db, clinic.id, { role: 'therapist' });
  const manager = await makeUser(db, clinic.id, { role: 'manager' });
  return {
    clinic,
    therapist: { ...therapist, token: await staffToken(app, therapist.email) },
    manager: { ...manager, token: await staffToken(app, manager.email) },
    supervisor: { ...supervisor, token: await staffToken(app, supervisor.email) },
  };
}

export type StaffedClinic = Awaited<ReturnType<typeof makeStaffedClinic>>;

/** A platform admin signed in, their account in the clinic given (in the demo, the admin's own belongs to one). */
export async function signedInAdmin(t: TestApp, clinicId: number) {
  const user = await makeUser(t.database.db, clinicId, { role: 'admin' });
  return { id: user.id, token: await staffToken(t.app, user.email) };
}

/** A fresh test app with two staffed clinics: `home` to work in and `away` that must never see its data. */
export async function appWithTwoClinics(options: { env?: Record<string, string> } = {}) {
  return withTwoClinics(await createTestApp(options));
}

async function withTwoClinics(t: TestApp) {
  const home = await makeStaffedClinic(t.app, t.database.db);
  const away = await makeStaffedClinic(t.app, t.database.db);
  return { t, call: api(t.app), home, away };
}

/**
 * `appWithTwoClinics` for the tests of one file, awaited at the file's top: made as the file is collected, just
 * before its tests run (each file is collected and run in turn), and closed after its last test.
 */
export async function twoClinicsForFile(options: { env?: Record<string, string> } = {}) {
  // Closed after the file even when making the clinics fails.
  return withTwoClinics(await testAppForFile(options));
}

let counter = 0;
/** A number written in letters (1 → 'b', 27 → 'ch'): a name holds no digits. */
const lettersOf = (n: number) => [...String(n)].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
export const patientBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    first_name: 'Maria',
    last_name: `Lopez${lettersOf(counter)}`,
    phone: `(555) 010-${String(1000 + counter).slice(-4)}`,
    selected_code: '+1',
    birthday: '1956-04-23',
    email: `maria.${counter}@example.test`,
    is_rtm_covered: true,
    ...overrides,
  };
};

export type ApiClient = ReturnType<typeof api>;

export function api(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  return {
    get: (url: string, token?: string) => call('GET', url, token),
    post: (url: string, token?: string, payload?: object) => call('POST', url, token, payload),
    put: (url: string, token?: string, payload?: object) => call('PUT', url, token, payload),
    patch: (url: string, token?: string, payload?: object) => call('PATCH', url, token, payload),
    async register(token: string, overrides: Record<string, unknown> = {}) {
      const res = await call('POST', '/clinic/patient/register', token, patientBody(overrides));
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
      return res.json() as { id: number; status: string; last_name: string; email: string };
    },
  };
}
