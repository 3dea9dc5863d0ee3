import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic, makeClinicWithSupervisor, makeUser } from '../../../test/factories.ts';
import { bearer, expectProblem, staffToken, testAppForFile } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { clinics } from '../../db/schema.ts';

const t = await testAppForFile();

const token = (email: string) => staffToken(t.app, email);
const patch = (code: string, auth: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/clinics/${code}/`,
    headers: auth ? bearer(auth) : {},
    payload: payload as object,
  });
const clinicRow = async (id: number) => (await t.database.db.select().from(clinics).where(eq(clinics.id, id)))[0]!;

describe('changing a clinic’s details', () => {
  it('lets the supervisor change their clinic, audited with the old and new values', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const auth = await token(supervisor.email);
    const res = await patch(clinic.code, auth, {
      name: '  Lakeside Physical Therapy ',
      address: '12 Shore Rd, Duluth MN',
      npi: '1234567893',
      tin: '123456789',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: clinic.code,
      name: 'Lakeside Physical Therapy',
      address: '12 Shore Rd, Duluth MN',
      npi: '1234567893',
      tin: '12-3456789',
    });
    expect(await clinicRow(clinic.id)).toMatchObject({ name: 'Lakeside Physical Therapy', tin: '12-3456789' });
    const [row] = (await auditRows(t.database.db, 'clinic.update')).filter((r) => r.clinicId === clinic.id);
    expect(row).toMatchObject({ actorUserId: supervisor.id, outcome: 'success' });
    expect(row!.detail).toEqual({
      clinic_code: clinic.code,
      name: { old: clinic.name, new: 'Lakeside Physical Therapy' },
      address: { old: null, new: '12 Shore Rd, Duluth MN' },
      npi: { old: null, new: '1234567893' },
      tin: { old: null, new: '12-3456789' },
    });

    // Clearing a field, and sending a value unchanged: only the cleared one is audited.
    await patch(clinic.code, auth, { address: '', name: 'Lakeside Physical Therapy' });
    const rows = (await auditRows(t.database.db, 'clinic.update')).filter((r) => r.clinicId === clinic.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.detail).toEqual({
      clinic_code: clinic.code,
      address: { old: '12 Shore Rd, Duluth MN', new: null },
    });

    // Nothing new: no row.
    expect((await patch(clinic.code, auth, { npi: '1234567893' })).statusCode).toBe(200);
    expect((await auditRows(t.database.db, 'clinic.update')).filter((r) => r.clinicId === clinic.id)).toHaveLength(2);
  });

  it('lets an admin change any clinic', async () => {
    const { clinic } = await makeClinicWithSupervisor(t.database.db);
    const home = await makeClinic(t.database.db);
    const admin = await makeUser(t.database.db, home.id, { role: 'admin' });
    const res = await patch(clinic.code, await token(admin.email), { name: 'Renamed by the platform' });
    expect(res.json()).toMatchObject({ name: 'Renamed by the platform' });
    const [row] = (await auditRows(t.database.db, 'clinic.update')).filter((r) => r.clinicId === clinic.id);
    expect(row).toMatchObject({ actorUserId: admin.id });
  });

  it('refuses bad input, other roles and another clinic, changing nothing', async () => {
    const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
    const other = await makeClinicWithSupervisor(t.database.db);
    const auth = await token(supervisor.email);
    const therapist = await makeUser(t.database.db, clinic.id, { role: 'therapist' });
    const manager = await makeUser(t.database.db, clinic.id, { role: 'manager' });

    expect(
      expectProblem(await patch(clinic.code, auth, { npi: '12345' }), 400, 'validation_failed').errors,
    ).toHaveProperty('npi');
    expectProblem(await patch(clinic.code, auth, { tin: '12-34' }), 400, 'validation_failed');
    expectProblem(await patch(clinic.code, auth, { name: ' ' }), 400, 'validation_failed');
    expectProblem(await patch(clinic.code, auth, {}), 400, 'validation_failed');
    expectProblem(await patch('bad!', auth, { name: 'Fine name' }), 400, 'validation_failed');
    expectProblem(await patch(clinic.code, await token(therapist.email), { name: 'Therapist was here' }), 403);
    expectProblem(await patch(clinic.code, await token(manager.email), { name: 'Manager was here' }), 403);
    expectProblem(await patch(clinic.code, undefined, { name: 'Nobody' }), 401);
    expectProblem(await patch(other.clinic.code, auth, { name: 'Taken over' }), 404, 'not_found');

    expect((await clinicRow(clinic.id)).name).toBe(clinic.name);
    expect((await clinicRow(other.clinic.id)).name).toBe(other.clinic.name);
  });
});
