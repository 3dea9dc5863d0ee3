import { describe, expect, it } from 'vitest';
import { makeClinicWithSupervisor, makeUser } from './factories.ts';
import { staffToken, testAppForFile } from './helpers.ts';
import { signedInPatient } from './patient-app-support.ts';

/**
 * Every documented route, called by signed-in staff and by nobody, with malformed path parameters, query strings
 * and bodies: whatever the input, the answer is never a 5xx.
 */
const t = await testAppForFile();
const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
const manager = await makeUser(t.database.db, clinic.id, { role: 'manager' });
const admin = await makeUser(t.database.db, clinic.id, { role: 'admin' });
const tokens: string[] = [];
for (const user of [manager, admin, supervisor]) tokens.push(await staffToken(t.app, user.email));
// A patient too: the patient's own calls validate their input past the role check.
tokens.push((await signedInPatient(t.app, t.database.db, tokens[0]!)).token);

const pathValues = ['x', '-1', '0', '1.5', '99999999999999', '%00', '%27%3B--', '1'];
const queries = [
  '',
  '?page=-1',
  '?page=abc&page_size=1000',
  '?search=%00%ff&status=%00',
  '?session=1e309',
  '?weeks_ago=x',
];
const bodies: (string | undefined)[] = [
  undefined,
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '{"id":"x","session":-1,"patient_ids":["a"],"message":{"a":1},"video_ids":[1e309]}',
  JSON.stringify({
    name: 'a\u0000b',
    email: 'x\u0000@y.z',
    patient: 99999999999,
    date: '2026-02-30',
    user_id: 2 ** 53,
  }),
  // The patient's health readings and e-mail sign-in.
  '{"source":"manual","entries":[{"kind":"steps","value":1,"measured_at":"0000-01-01T00:00:00Z"}]}',
  '{"source":"device","entries":[{"kind":"painlevel","value":3,"measured_at":"9999-12-31T23:59:59+14:00"}]}',
  '{"source":"device","entries":[{"kind":"steps","value":1e308,"measured_at":"2026-02-30T00:00:00Z"},null]}',
  '{"email":"a@b.test","password":"x\\u0000"}',
  // Home exercise programs, exercise logs and functional data.
  '[{"video_id":1e309,"order":-1},{"folder_id":"x","sets":1e309}]',
  '{"hep_ids":[1,1e309],"hep_id":2147483648,"sets_done":"x","client_id":"%00"}',
  JSON.stringify({
    datatype_id: 3,
    id: 2 ** 31,
    entries: [
      { id: 1, date: '2026-02-30', answers: [1e300, null, -1] },
      { date: '9999-12-31', answers: [] },
    ],
  }),
];

describe('malformed input', () => {
  it('never gets a 5xx from any documented route', async () => {
    const doc = (await t.app.inject('/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const failures: string[] = [];
    let calls = 0;
    // Logging out would end the callers' sessions and turn the rest of the run into 401s.
    const routes = Object.entries(doc.paths).filter(([path]) => path !== '/clinic/therapist/logout');
    for (const [path, operations] of routes) {
      for (const method of Object.keys(operations)) {
        const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        // Paths without parameters need one pass; parameterised ones get every malformed value.
        for (const value of path.includes('{') ? pathValues : ['']) {
          const url = path.replace(/\{[^}]+\}/g, value);
          // A change's bodies are its input; a bad query string is tried on reads, and only twice beside a body.
          for (const query of verb === 'GET' ? queries : queries.slice(0, 2)) {
            for (const body of verb === 'GET' ? [undefined] : bodies) {
              const token = tokens[calls % tokens.length]!;
              const headers: Record<string, string> = { authorization: `Bearer ${token}` };
              if (body !== undefined) headers['content-type'] = 'application/json';
              const res = await t.app.inject({ method: verb, url: `${url}${query}`, headers, payload: body });
              calls++;
              if (res.statusCode >= 500)
                failures.push(`${res.statusCode} ${verb} ${url}${query} ${body ?? ''}: ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 360_000);
});
