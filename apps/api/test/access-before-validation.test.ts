import * as contract from '@rehabit/contract';
import { can, type Endpoint } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { makeClinicWithSupervisor } from './factories.ts';
import { bearer, expectProblem, staffToken, testAppForFile } from './helpers.ts';
import { signedInPatient } from './patient-app-support.ts';

/**
 * The access check comes before any look at the input: a caller who may not make a call learns only that (401
 * signed out, 403 wrong role), never which of its fields are wrong.
 */
const t = await testAppForFile();
const { supervisor } = await makeClinicWithSupervisor(t.database.db);
const patientToken = (await signedInPatient(t.app, t.database.db, await staffToken(t.app, supervisor.email))).token;

const endpoints = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));

/** The endpoint called with nonsense everywhere: each path parameter, a query string and (for a change) the body. */
const malformedCall = (endpoint: Endpoint, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: endpoint.method,
    url: `${endpoint.path.replace(/:\w+/g, '%00x')}?page=-1&page_size=x&date=2026-02-30`,
    headers: endpoint.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    payload: endpoint.method === 'GET' ? undefined : '{"id":',
  });

describe('access before validation', () => {
  it('answers an anonymous malformed call to a staff endpoint 401, and a patient 403', async () => {
    const register = contract.patientEndpoints.register;
    const body = { first_name: '', phone: 'not a phone', dob: '2026-02-30' };
    const anonymous = await t.app.inject({ method: 'POST', url: register.path, payload: body });
    expect(expectProblem(anonymous, 401, 'unauthenticated').errors).toBeUndefined();
    const patient = await t.app.inject({
      method: 'POST',
      url: register.path,
      payload: body,
      headers: bearer(patientToken),
    });
    expect(expectProblem(patient, 403, 'forbidden').errors).toBeUndefined();
  });

  it('holds for every endpoint of the contract that is not public', async () => {
    const closed = endpoints.filter((endpoint) => endpoint.access !== 'public');
    expect(closed.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const endpoint of closed) {
      const anonymous = await malformedCall(endpoint);
      if (anonymous.statusCode !== 401)
        wrong.push(`anonymous ${endpoint.method} ${endpoint.path}: ${anonymous.statusCode}`);
      const { access } = endpoint;
      if (access === 'public' || access === 'signed-in' || can('patient', access)) continue;
      const patient = await malformedCall(endpoint, bearer(patientToken));
      if (patient.statusCode !== 403) wrong.push(`patient ${endpoint.method} ${endpoint.path}: ${patient.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still validates public calls, and the calls of those who may make them', async () => {
    const signin = await t.app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload: { email: 'x' } });
    expectProblem(signin, 400, 'validation_failed');
    const ownData = endpoints.find((e) => e.access === 'patient-app.use' && e.method === 'POST' && e.body);
    const patient = await malformedCall(ownData!, bearer(patientToken));
    expectProblem(patient, 400);
  });
});
