import {
  adminClinicsEndpoints,
  authEndpoints,
  type PatientListItem,
  patientEndpoints,
  type StaffMember,
  supervisorEndpoints,
} from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { patientBody, signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, patients } from '../../db/schema.ts';

// The admin's choice of clinic on the patient and staff lists (decision 1150): one clinic's rows or every clinic's,
// each row naming its clinic; anyone else may name only their own clinic, and another clinic's code is not found.

const patientIds = { home: 0, away: 0 };

const results = async <T>(url: string, token: string) => {
  const res = await call.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as T[];
};
const patientsAt = (query: string, token = adminToken) =>
  results<PatientListItem>(`${patientEndpoints.list.path}?page_size=100${query}`, token);
const staffAt = (query: string, token = adminToken) =>
  results<StaffMember>(`${authEndpoints.staffList.path}?page_size=100${query}`, token);

const { t, call, home, away } = await twoClinicsForFile();
const platform = await makeClinic(t.database.db, { name: 'Platform' });
const platformCode = platform.code;
const adminToken = (await signedInAdmin(t, platform.id)).token;
patientIds.home = (await call.register(home.manager.token)).id;
patientIds.away = (await call.register(away.manager.token)).id;

describe('the patient list', () => {
  it("gives an admin every clinic's patients, each with its clinic, or one clinic's by its code", async () => {
    const all = await patientsAt('');
    const clinicOf = new Map(all.map((p) => [p.id, p.clinic]));
    expect(clinicOf.get(patientIds.home)).toEqual({ code: home.clinic.code, name: home.clinic.name });
    expect(clinicOf.get(patientIds.away)).toEqual({ code: away.clinic.code, name: away.clinic.name });

    const mine = await patientsAt(`&clinic_code=${home.clinic.code.toLowerCase()}`);
    expect(mine.map((p) => p.id)).toEqual([patientIds.home]);
    // The search and the other filters still apply inside the chosen clinic.
    expect(await patientsAt(`&clinic_code=${away.clinic.code}&status=onboarded`)).toEqual([]);
  });

  it("files an admin's reading of one clinic under that clinic", async () => {
    await patientsAt(`&clinic_code=${away.clinic.code}`);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.list'), eq(auditEvents.clinicId, away.clinic.id)));
    expect(rows.some((row) => (row.detail as { patient_ids: number[] }).patient_ids.includes(patientIds.away))).toBe(
      true,
    );
  });

  it('lets staff name their own clinic, and answers 404 for another clinic or no clinic', async () => {
    const own = await patientsAt(`&clinic_code=${home.clinic.code}`, home.therapist.token);
    expect(own.map((p) => p.id)).toEqual([patientIds.home]);
    const url = `${patientEndpoints.list.path}?clinic_code=`;
    expectProblem(await call.get(`${url}${away.clinic.code}`, home.therapist.token), 404, 'not_found');
    expectProblem(await call.get(`${url}NONE99`, home.therapist.token), 404, 'not_found');
    expectProblem(await call.get(`${url}NONE99`, adminToken), 404, 'not_found');
    expectProblem(await call.get(`${url}no!`, adminToken), 400);
  });
});

describe('the staff lists', () => {
  it("gives an admin every clinic's staff with the clinic's name, or one clinic's", async () => {
    const all = await staffAt('');
    const ofAway = all.find((member) => member.id === away.therapist.id);
    expect(ofAway).toMatchObject({ code: away.clinic.code, clinic_name: away.clinic.name });
    expect(all.some((member) => member.id === home.therapist.id)).toBe(true);

    const chosen = await staffAt(`&clinic_code=${away.clinic.code}`);
    expect(new Set(chosen.map((member) => member.code))).toEqual(new Set([away.clinic.code]));
    expect(chosen.map((member) => member.id)).toContain(away.therapist.id);
  });

  it('answers 404 to staff naming another clinic, on the staff list and the approvals', async () => {
    const own = await staffAt(`&clinic_code=${home.clinic.code}`, home.therapist.token);
    expect(own.map((member) => member.id)).toContain(home.therapist.id);
    const staffUrl = `${authEndpoints.staffList.path}?clinic_code=${away.clinic.code}`;
    expectProblem(await call.get(staffUrl, home.therapist.token), 404, 'not_found');
    const approvalsUrl = `${supervisorEndpoints.approvals.path}?clinic_code=`;
    expectProblem(await call.get(`${approvalsUrl}${away.clinic.code}`, home.supervisor.token), 404, 'not_found');
    const ownApprovals = await call.get(`${approvalsUrl}${home.clinic.code}`, home.supervisor.token);
    expect(ownApprovals.statusCode, ownApprovals.body).toBe(200);
  });
});

describe('registering a patient', () => {
  const registerAt = (clinicCode: string | undefined, token: string, overrides: Record<string, unknown> = {}) =>
    call.post(
      `${patientEndpoints.register.path}${clinicCode === undefined ? '' : `?clinic_code=${clinicCode}`}`,
      token,
      patientBody(overrides),
    );
  const stored = async (lastName: string) =>
    t.database.db.select().from(patients).where(eq(patients.lastName, lastName));

  it("registers an admin's patient in the chosen clinic, audited there, to be onboarded by its therapist", async () => {
    const res = await registerAt(away.clinic.code.toLowerCase(), adminToken);
    expect(res.statusCode, res.body).toBe(201);
    const patient = res.json() as PatientListItem;
    expect(patient.clinic).toEqual({ code: away.clinic.code, name: away.clinic.name });
    const [row] = await stored(patient.last_name);
    expect(row?.clinicId).toBe(away.clinic.id);

    // The clinic's own staff find the patient; the other clinic does not.
    expect((await patientsAt('', away.manager.token)).map((p) => p.id)).toContain(patient.id);
    expect((await patientsAt('', home.manager.token)).map((p) => p.id)).not.toContain(patient.id);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.register'), eq(auditEvents.patientId, patient.id)));
    expect(audit).toMatchObject({ clinicId: away.clinic.id, outcome: 'success' });

    // The clinic's therapist treats the patient; a therapist of another clinic is refused.
    const onboard = (therapist: number) =>
      call.post(patientEndpoints.onboard.path.replace(':id', String(patient.id)), adminToken, {
        diagnosis: 'M54.50',
        therapist,
      });
    expectProblem(await onboard(home.therapist.id), 400);
    const onboarded = await onboard(away.therapist.id);
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    expect(onboarded.json()).toMatchObject({ status: 'onboarded', clinic: { code: away.clinic.code } });
  });

  it("keeps the admin's own clinic without a code, and staff in theirs when they name it", async () => {
    const own = await registerAt(undefined, adminToken);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().clinic.code).toBe(platformCode);
    const named = await registerAt(home.clinic.code, home.therapist.token);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().clinic).toEqual({ code: home.clinic.code, name: home.clinic.name });
  });

  it('answers 404 to staff naming another clinic and to a code of no clinic, 400 to a malformed one', async () => {
    const refused = { last_name: 'Refused Nobody' };
    expectProblem(await registerAt(away.clinic.code, home.manager.token, refused), 404, 'not_found');
    expectProblem(await registerAt('NONE99', home.manager.token, refused), 404, 'not_found');
    expectProblem(await registerAt('NONE99', adminToken, refused), 404, 'not_found');
    expectProblem(await registerAt('no!', adminToken, refused), 400);
    expect(await stored(refused.last_name)).toEqual([]);
  });
});

describe("the admin's clinic choices", () => {
  it('lists every clinic by name, paged, to admins only', async () => {
    const res = await call.get(`${adminClinicsEndpoints.choices.path}?page_size=100`, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; results: { code: string; name: string }[] };
    expect(body.results).toContainEqual({ code: home.clinic.code, name: home.clinic.name });
    expect(body.results).toContainEqual({ code: away.clinic.code, name: away.clinic.name });
    const names = body.results.map((clinic) => clinic.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect(body.count).toBe(body.results.length);

    const first = (await call.get(`${adminClinicsEndpoints.choices.path}?page_size=1`, adminToken)).json();
    expect(first).toMatchObject({ count: body.count, next: 2, results: [body.results[0]] });
    expectProblem(await call.get(adminClinicsEndpoints.choices.path, home.supervisor.token), 403, 'forbidden');
  });
});
