import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { patientBody, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, patients } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const db = t.database.db;

const stored = async (id: number) => {
  const [row] = await db.select().from(patients).where(eq(patients.id, id));
  return { mrn: row!.mrn, insuranceMemberId: row!.insuranceMemberId, updatedAt: row!.updatedAt };
};
const updateAudits = async (id: number) =>
  (await db.select().from(auditEvents).where(eq(auditEvents.patientId, id))).filter(
    (row) => row.action === 'patient.update',
  );

describe('the MRN and the insurance member id of a patient (decision 1435)', () => {
  it('are registered trimmed, shown with the patient, and changed by an edit that is audited', async () => {
    const body = patientBody({ mrn: '  MRN-0042 ', insurance_member_id: '1EG4-TE5-MK73' });
    const made = await call.post('/clinic/patient/register', home.manager.token, body);
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json();
    expect(made.json()).toMatchObject({ mrn: 'MRN-0042', insurance_member_id: '1EG4-TE5-MK73' });
    const read = await call.get(`/api/v1/patients/${id}/`, home.therapist.token);
    expect(read.json()).toMatchObject({ mrn: 'MRN-0042', insurance_member_id: '1EG4-TE5-MK73' });

    const edited = await call.put(`/clinic/patient/${id}/update`, home.manager.token, {
      ...body,
      mrn: '',
      insurance_member_id: '9ab8cd7ef65',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ mrn: null, insurance_member_id: '9ab8cd7ef65' });
    expect(await stored(id)).toMatchObject({ mrn: null, insuranceMemberId: '9ab8cd7ef65' });
    expect(await updateAudits(id)).toEqual([
      expect.objectContaining({ actorUserId: home.manager.id, clinicId: home.clinic.id, outcome: 'success' }),
    ]);
    // Null clears as empty does.
    const cleared = await call.put(`/clinic/patient/${id}/update`, home.manager.token, {
      ...body,
      insurance_member_id: null,
    });
    expect(cleared.json()).toMatchObject({ mrn: 'MRN-0042', insurance_member_id: null });
  });

  it.each([
    ['mrn', 'MRN 42', 'letters, digits and dashes only'],
    ['mrn', '=1+2', 'letters, digits and dashes only'],
    ['insurance_member_id', '-1EG4', 'letters, digits and dashes only'],
    ['insurance_member_id', 'ÄB12', 'letters, digits and dashes only'],
    ['insurance_member_id', 'A'.repeat(41), 'at most 40 characters'],
    ['mrn', 42, ''],
  ])('refuses %s %j with a clear 400 and changes nothing', async (field, value, message) => {
    const body = patientBody({ mrn: 'MRN-1', insurance_member_id: 'MBI-1' });
    const { id } = await call.register(home.manager.token, body);
    const before = await stored(id);
    const res = await call.put(`/clinic/patient/${id}/update`, home.manager.token, {
      ...body,
      first_name: 'Changed',
      [field]: value,
    });
    const problem = expectProblem(res, 400, 'validation_failed');
    expect(problem.errors?.[field]?.join(' ')).toContain(message);
    expect(await stored(id)).toEqual(before);
    const [row] = await db.select().from(patients).where(eq(patients.id, id));
    expect(row!.firstName).toBe('Maria');
    expect(await updateAudits(id)).toEqual([]);

    const count = (await db.select({ id: patients.id }).from(patients)).length;
    expectProblem(
      await call.post('/clinic/patient/register', home.manager.token, patientBody({ [field]: value })),
      400,
      'validation_failed',
    );
    expect((await db.select({ id: patients.id }).from(patients)).length).toBe(count);
  });

  it('are another clinic’s to change only: an edit from another clinic is 404', async () => {
    const body = patientBody({ mrn: 'MRN-7' });
    const { id } = await call.register(home.manager.token, body);
    expectProblem(
      await call.put(`/clinic/patient/${id}/update`, away.manager.token, { ...body, mrn: 'MRN-8' }),
      404,
      'not_found',
    );
    expect((await stored(id)).mrn).toBe('MRN-7');
  });
});
