import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic, makeClinicWithSupervisor, makeUser } from '../../../test/factories.ts';
import { bearer, expectProblem, staffToken, testAppForFile } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { signedInAdmin } from '../../../test/patients-support.ts';
import { auditEvents } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { createPatientsRepository } from '../patients/patients.repository.ts';

const t = await testAppForFile();
const { id: adminId, token: adminAuth } = await signedInAdmin(t, (await makeClinic(t.database.db)).id);

const token = (email: string) => staffToken(t.app, email);
const get = (url: string, auth: string) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });
const list = (query: string, auth: string) => get(`/api/v1/admin/audit/?${query}`, auth);

/**
 * Rows on known days of the past. The database stamps its own time on every audit row (decision 1266); only its owner
 * may switch that off, for one transaction, as a restore of old rows would.
 */
async function insertPastRows(rows: (typeof auditEvents.$inferInsert)[]) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.insert(auditEvents).values(rows);
  });
}

/** A clinic in Los Angeles with its supervisor, a therapist, a patient and a few rows of its log on known days. */
async function clinicWithLog() {
  const { clinic, supervisor } = await makeClinicWithSupervisor(t.database.db);
  const { setClinicTimezone } = await import('../../../test/hep-support.ts');
  await setClinicTimezone(t.database.db, clinic.id, 'America/Los_Angeles');
  const therapist = await makeUser(t.database.db, clinic.id);
  const patientId = await createPatientsRepository(t.database.db, clinicScope(clinic.id)).insert({
    firstName: 'Ada',
    lastName: 'Log',
    phone: '5550101234',
    birthday: '1950-02-02',
  });
  await insertPastRows([
    // 23:30 on March 1 in Los Angeles is already March 2 in UTC.
    {
      at: new Date('2026-03-02T07:30:00Z'),
      actorUserId: therapist.id,
      clinicId: clinic.id,
      patientId,
      action: 'patient.read',
      outcome: 'success',
    },
    {
      at: new Date('2026-03-02T18:00:00Z'),
      actorUserId: therapist.id,
      clinicId: clinic.id,
      patientId,
      action: 'patient.update',
      outcome: 'success',
      detail: { first_name: { old: 'Ada', new: 'Ava' } },
    },
    {
      at: new Date('2026-03-03T18:00:00Z'),
      actorUserId: supervisor.id,
      clinicId: clinic.id,
      action: 'clinic.update',
      outcome: 'success',
      detail: { name: { old: 'A', new: '=B' } },
    },
  ]);
  return { clinic, supervisor, therapist, patientId, auth: await token(supervisor.email) };
}

describe('reading the audit log', () => {
  it('lets a supervisor read their own clinic, newest first, filtered, and audits the reading', async () => {
    const { clinic, therapist, patientId, auth } = await clinicWithLog();
    const all = (await list('page_size=100', auth)).json();
    const seeded = all.results.filter(
      (e: { action: string }) => e.action !== 'audit.list' && !e.action.startsWith('auth.'),
    );
    expect(seeded.map((e: { action: string }) => e.action)).toEqual([
      'clinic.update',
      'patient.update',
      'patient.read',
    ]);
    expect(all.results.every((e: { clinic_code: string }) => e.clinic_code === clinic.code)).toBe(true);
    expect(seeded[1]).toMatchObject({
      actor: { id: therapist.id, role: 'therapist' },
      patient_id: patientId,
      detail: { first_name: { old: 'Ada', new: 'Ava' } },
    });

    const byAction = (await list('action=patient.update', auth)).json();
    expect(byAction.count).toBe(1);
    const byPatient = (await list(`patient_id=${patientId}`, auth)).json();
    expect(byPatient.results.map((e: { action: string }) => e.action)).toEqual(['patient.update', 'patient.read']);
    const byUser = (await list(`user_id=${therapist.id}&action=patient.read`, auth)).json();
    expect(byUser.count).toBe(1);
    // Days are the clinic's: March 1 in Los Angeles holds the 07:30 UTC row of March 2.
    const march1 = (await list('from=2026-03-01&to=2026-03-01', auth)).json();
    expect(march1.results.map((e: { action: string }) => e.action)).toEqual(['patient.read']);
    const march2 = (await list('from=2026-03-02&to=2026-03-03', auth)).json();
    expect(march2.results.map((e: { action: string }) => e.action)).toEqual(['clinic.update', 'patient.update']);

    const reads = (await auditRows(t.database.db, 'audit.list')).filter((r) => r.clinicId === clinic.id);
    expect(reads.length).toBeGreaterThanOrEqual(6);
    expect(reads.find((r) => r.patientId === patientId)!.detail).toMatchObject({ filter: { patient_id: patientId } });
  });

  it('answers 404 for another clinic’s code, patient or user, and 400 for bad filters', async () => {
    const mine = await clinicWithLog();
    const other = await clinicWithLog();
    expectProblem(await list(`clinic_code=${other.clinic.code}`, mine.auth), 404, 'not_found');
    // The filter's field is named, so a screen can say that no entry matches.
    const patient = await list(`patient_id=${other.patientId}`, mine.auth);
    expectProblem(patient, 404, 'not_found');
    expect(patient.json().errors).toEqual({ patient_id: ['No such patient'] });
    const user = await list(`user_id=${other.therapist.id}`, mine.auth);
    expectProblem(user, 404, 'not_found');
    expect(user.json().errors).toEqual({ user_id: ['No such user'] });
    expectProblem(await list('action=patient.teleport', mine.auth), 400, 'validation_failed');
    expectProblem(await list('from=2026-03-05&to=2026-03-01', mine.auth), 400, 'validation_failed');
    expectProblem(await list('from=2026-02-30', mine.auth), 400, 'validation_failed');
    expectProblem(await list('page=0', mine.auth), 400, 'validation_failed');
    expectProblem(await list('page_size=101', mine.auth), 400, 'validation_failed');
  });

  it('is refused to therapists and managers', async () => {
    const { clinic } = await clinicWithLog();
    for (const role of ['therapist', 'manager'] as const) {
      const user = await makeUser(t.database.db, clinic.id, { role });
      expectProblem(await list('', await token(user.email)), 403, 'forbidden');
      expectProblem(await get('/api/v1/admin/audit/export/', await token(user.email)), 403, 'forbidden');
    }
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit/' }), 401);
  });

  it('lets an admin read any clinic, or every clinic, and a patient of the clinic chosen', async () => {
    const a = await clinicWithLog();
    const b = await clinicWithLog();
    const ofA = (await list(`clinic_code=${a.clinic.code}&page_size=100`, adminAuth)).json();
    expect(new Set(ofA.results.map((e: { clinic_code: string }) => e.clinic_code))).toEqual(new Set([a.clinic.code]));
    const everywhere = (await list('action=clinic.update&page_size=100', adminAuth)).json();
    const codes = everywhere.results.map((e: { clinic_code: string }) => e.clinic_code);
    expect(codes).toEqual(expect.arrayContaining([a.clinic.code, b.clinic.code]));
    expectProblem(await list(`clinic_code=${a.clinic.code}&patient_id=${b.patientId}`, adminAuth), 404, 'not_found');
    expectProblem(await list('clinic_code=NOPE99', adminAuth), 404, 'not_found');
    const mine = (await list(`user_id=${adminId}&action=audit.list`, adminAuth)).json();
    expect(mine.count).toBeGreaterThan(0);
  });
});

describe('exporting the audit log', () => {
  it('answers the filter’s rows as CSV, formulas defused, and audits the export', async () => {
    const { clinic, auth, patientId } = await clinicWithLog();
    const res = await get('/api/v1/admin/audit/export/?from=2026-03-02&to=2026-03-03', auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`audit-${clinic.code}-`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Clinic,Action,Outcome,User id,User,Role,Patient id,IP,Detail');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('clinic.update');
    expect(lines[1]).not.toContain(',=');
    const [row] = (await auditRows(t.database.db, 'audit.export')).filter((r) => r.clinicId === clinic.id);
    // The export names the patient of the rows it holds (decision 1220).
    expect(row!.detail).toEqual({
      filter: { from: '2026-03-02', to: '2026-03-03' },
      rows: 2,
      patient_ids: [patientId],
    });
    expectProblem(await get('/api/v1/admin/audit/export/?to=2025-13-01', auth), 400, 'validation_failed');
  });
});
