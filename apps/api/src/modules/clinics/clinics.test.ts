import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import { bearer, expectProblem, staffToken, testAppForFile } from '../../../test/helpers.ts';
import { clinics, outbox } from '../../db/schema.ts';

const t = await testAppForFile({ env: { RESTRICTED_CLINIC_CODE: 'X5218' } });

const token = (email: string) => staffToken(t.app, email);
const clinicOf = async (code: string, auth: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/clinics/${code}/`, headers: bearer(auth) });

describe('clinic', () => {
  it('answers the own clinic and 404 for another clinic', async () => {
    const mine = await makeClinic(t.database.db, { name: 'North Shore Rehab' });
    const other = await makeClinic(t.database.db);
    const user = await makeUser(t.database.db, mine.id);
    const auth = await token(user.email);
    const res = await clinicOf(mine.code, auth);
    expect(res.json()).toMatchObject({ code: mine.code, name: 'North Shore Rehab', is_restricted: false });
    expectProblem(await clinicOf(other.code, auth), 404, 'not_found');
    expectProblem(await clinicOf('NOPE00', auth), 404, 'not_found');
    expectProblem(await clinicOf('bad!code', auth), 400, 'validation_failed');
    expectProblem(await t.app.inject({ method: 'GET', url: `/api/v1/clinics/${mine.code}/` }), 401);
  });

  it('flags the restricted demo clinic and lets admins read any clinic', async () => {
    const restricted = await makeClinic(t.database.db, { code: 'X5218' });
    const home = await makeClinic(t.database.db);
    const admin = await makeUser(t.database.db, home.id, { role: 'admin' });
    const res = await clinicOf('X5218', await token(admin.email));
    expect(res.json()).toMatchObject({ id: restricted.id, is_restricted: true });
  });

  it('suppresses e-mail to restricted accounts but keeps it in the outbox', async () => {
    const restricted = await makeClinic(t.database.db, { code: 'X5218' }).catch(async () => {
      const [row] = await t.database.db.select().from(clinics).where(eq(clinics.code, 'X5218'));
      return row!;
    });
    const user = await makeUser(t.database.db, restricted.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/clinic/therapist/reset-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(rows.map((r) => r.status)).toEqual(['suppressed']);
  });
});
