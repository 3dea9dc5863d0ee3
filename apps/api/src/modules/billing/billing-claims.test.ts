import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetRows, tableAfter } from '../../../test/billing-files-support.ts';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeUser } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { signedInAdmin } from '../../../test/patients-support.ts';
import { clinics, patients, users } from '../../db/schema.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles (home), so January and February have ended.
let c: BilledClinics;
let admin: { id: number; token: string };
let complete: number;
let lacking: number;

const FORMULA_NAME = '=HYPERLINK("http://evil.test","Click")';
/** The layout clearinghouses import (decision 1435), written out as the file's first line: a moved column fails. */
const HEADER =
  'Patient last name,Patient first name,Patient date of birth,Patient account number,MRN,Insurance member ID,' +
  'Diagnosis code 1 (ICD-10),Diagnosis pointer,CPT,Modifier 1,Modifier 2,Modifier 3,Modifier 4,Units,' +
  'Date of service,Rendering provider NPI,Billing provider NPI,Billing provider TIN,Charge,Missing';
const COLUMNS = HEADER.split(',');

const claimsCsv = (month: number, token: string, query = '') =>
  c.call.get(`/clinic/billing/${month}/2026/claims-csv${query}`, token);
const claimsCheck = (month: number, token: string, query = '') =>
  c.call.get(`/clinic/billing/${month}/2026/claims-check${query}`, token);
const download = (month: number, token: string) => c.call.get(`/clinic/billing/${month}/2026/download-file`, token);

/** The CSV's rows by column name; the byte-order mark and Windows line ends as spreadsheets want them. */
function csvRows(body: string) {
  expect(body.split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);
  const [, ...rows] = parse(body, { bom: true }) as string[][];
  return rows.map((row) => Object.fromEntries(COLUMNS.map((name, i) => [name, row[i]!])));
}

/** A cell as typed, without the apostrophe that neutralises a formula-like one. */
const unquoted = (cell: string) => cell.replace(/^'(?=[=+\-@])/, '');

/** `YYYY-MM-DD` → `MM/DD/YYYY`, written out again here so a change of the CSV's dates fails. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  c = await billedClinics();
  admin = await signedInAdmin(c.t, c.away.clinic.id);
  await c.db.update(clinics).set({ npi: '1234567893', tin: null }).where(eq(clinics.id, c.home.clinic.id));
  await c.db.update(users).set({ npi: '1987654320' }).where(eq(users.id, c.home.therapist.id));
  // A patient with every number a claim takes, named like a formula; one whose therapist has no NPI and no member id.
  // Windows of January 2–31 with 16 data days: set-up and supply bill in January.
  complete = await c.inEpisode('2026-01-02T08:00:00Z');
  await c.db
    .update(patients)
    .set({ firstName: FORMULA_NAME, mrn: 'MRN-0042', insuranceMemberId: '1EG4-TE5-MK73' })
    .where(eq(patients.id, complete));
  const noNpi = await makeUser(c.db, c.home.clinic.id, { role: 'therapist' });
  lacking = await c.inEpisode('2026-01-02T08:00:00Z', { therapistId: noNpi.id });
  for (const patient of [complete, lacking]) await c.readings(patient, 'painlevel', c.days('2026-01-02', 16));
  // 25 minutes of the complete patient's: a 98980 besides the device codes.
  await c.session(complete, '2026-01-10T18:00:00Z', 900);
  await c.pastCall(complete, { date: '2026-01-12', kind: 'phone', minutes: 10 });
});
afterAll(() => c.t.close());

describe('a month not closed', () => {
  it('answers 409 with a sentence, for the CSV and the check, and audits no export', async () => {
    for (const res of [await claimsCsv(1, c.home.supervisor.token), await claimsCheck(1, c.home.supervisor.token)]) {
      const problem = expectProblem(res, 409, 'conflict');
      expect(problem.detail).toBe(
        '2026-01 is not closed yet: its claims are made from the figures filed when the month has ended and closes',
      );
    }
    // The running month is never closed; a month ahead of the clinic's today is not one to pick.
    expectProblem(await claimsCsv(3, c.home.therapist.token), 409, 'conflict');
    expectProblem(await claimsCsv(4, c.home.therapist.token), 400, 'validation_failed');
    expect(await auditRows(c.db, 'billing.claims_export')).toEqual([]);
    expect(await auditRows(c.db, 'billing.claims_check')).toEqual([]);
  });
});

describe('a closed month', () => {
  let filedCsv: string;

  beforeAll(async () => {
    const made = await c.call.post(`/api/v1/admin/billing/${c.home.clinic.code}/1/2026/generate`, admin.token);
    expect(made.statusCode, made.body).toBe(201);
  });

  it('is the billing file line for line: one row per patient and code, the same figures', async () => {
    const res = await claimsCsv(1, c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`rehabit-claims-${c.home.clinic.code}-2026-01.csv`);
    filedCsv = res.body;
    const lines = csvRows(res.body);

    const file = await download(1, c.home.therapist.token);
    const table = tableAfter(await sheetRows(Buffer.from(file.json().content, 'base64')), 'Patient name');
    expect(table.length).toBeGreaterThanOrEqual(5);
    expect(lines).toHaveLength(table.length);
    lines.forEach((line, i) => {
      const row = table[i]!;
      const [last, first] = String(row[0]).split(', ');
      const modifiers = String(row[6]).split(', ');
      expect({
        name: `${unquoted(line['Patient last name']!)}, ${unquoted(line['Patient first name']!)}`,
        birthday: line['Patient date of birth'],
        id: line['Patient account number'],
        icd10: line['Diagnosis code 1 (ICD-10)'],
        cpt: line.CPT,
        units: line.Units,
        modifiers: [line['Modifier 1'], line['Modifier 2'], line['Modifier 3'], line['Modifier 4']],
        date: line['Date of service'],
        npi: line['Rendering provider NPI'],
        charge: line.Charge,
      }).toEqual({
        name: `${last}, ${first}`,
        birthday: usDate(String(row[1])),
        id: String(row[2]),
        icd10: String(row[3]).replace('.', ''),
        cpt: String(row[4]),
        units: String(row[5]),
        modifiers: [...modifiers, '', '', '', ''].slice(0, 4),
        date: usDate(String(row[7])),
        npi: row[14] === undefined || row[14] === null ? '' : String(row[14]),
        charge: Number(row[15]).toFixed(2),
      });
    });
    // A formula-like name is neutralised with a leading apostrophe, as in the billing file.
    expect(lines.some((line) => line['Patient first name'] === `'${FORMULA_NAME}`)).toBe(true);
  });

  it('names the claim numbers and the clinic, and says what each line lacks', async () => {
    const lines = csvRows((await claimsCsv(1, c.home.supervisor.token)).body);
    const ofComplete = lines.filter((line) => line['Patient account number'] === String(complete));
    const ofLacking = lines.filter((line) => line['Patient account number'] === String(lacking));
    expect(ofComplete.map((line) => line.CPT)).toEqual(['98975', '98977', '98980']);
    expect(ofLacking.map((line) => line.CPT)).toEqual(['98975', '98977']);
    for (const line of [...ofComplete, ...ofLacking]) {
      expect(line).toMatchObject({
        'Diagnosis code 1 (ICD-10)': 'M5450',
        'Diagnosis pointer': 'A',
        'Patient date of birth': '04/23/1956',
        'Billing provider NPI': '1234567893',
        'Billing provider TIN': '',
        'Modifier 1': 'GP',
        Units: '1',
      });
    }
    expect(ofComplete[0]).toMatchObject({
      MRN: 'MRN-0042',
      'Insurance member ID': '1EG4-TE5-MK73',
      'Rendering provider NPI': '1987654320',
      Missing: 'TIN',
    });
    expect(ofLacking.map((line) => [line.MRN, line['Insurance member ID'], line['Rendering provider NPI']])).toEqual([
      ['', '', ''],
      ['', '', ''],
    ]);
    expect(ofLacking.map((line) => line.Missing)).toEqual([
      'member ID; rendering NPI; TIN',
      'member ID; rendering NPI; TIN',
    ]);
    expect(lines.every((line) => /^\d{2}\/\d{2}\/2026$/.test(line['Date of service']!))).toBe(true);
    // A charge is the line's expected amount in dollars, to the cent.
    expect(lines.every((line) => /^\d+\.\d{2}$/.test(line.Charge!))).toBe(true);

    // The numbers are read from the patient and the clinic as they stand now; a complete line lacks nothing.
    await c.db.update(clinics).set({ tin: '12-3456789' }).where(eq(clinics.id, c.home.clinic.id));
    await c.db.update(patients).set({ insuranceMemberId: '9AB8-CD7-EF65' }).where(eq(patients.id, lacking));
    const now = csvRows((await claimsCsv(1, c.home.supervisor.token)).body);
    expect(now.find((line) => line['Patient account number'] === String(complete))).toMatchObject({
      'Billing provider TIN': '12-3456789',
      Missing: '',
    });
    expect(now.find((line) => line['Patient account number'] === String(lacking))).toMatchObject({
      'Insurance member ID': '9AB8-CD7-EF65',
      Missing: 'rendering NPI',
    });
    await c.db.update(clinics).set({ tin: null }).where(eq(clinics.id, c.home.clinic.id));
    await c.db.update(patients).set({ insuranceMemberId: null }).where(eq(patients.id, lacking));
  });

  it('keeps the filed figures: a call logged after the close changes no line', async () => {
    await c.pastCall(lacking, { date: '2026-01-20', kind: 'phone', minutes: 25 });
    expect((await claimsCsv(1, c.home.therapist.token)).body).toBe(filedCsv);
  });

  it('is audited as a read of the clinic: the month, the number of lines and the patients, nothing of their content', async () => {
    const before = (await auditRows(c.db, 'billing.claims_export')).length;
    const lines = csvRows((await claimsCsv(1, c.home.manager.token)).body);
    const rows = await auditRows(c.db, 'billing.claims_export');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorUserId: c.home.manager.id,
      clinicId: c.home.clinic.id,
      patientId: null,
      outcome: 'success',
    });
    const named = [...new Set(lines.map((line) => Number(line['Patient account number'])))];
    expect(rows.at(-1)!.detail).toEqual({ month: '2026-01', lines: lines.length, patient_ids: named });
    expect(named.length).toBeGreaterThan(0);
  });

  it('lists the lines that lack a claim field, patients named, the clinic’s gaps once; the read is audited', async () => {
    const res = await claimsCheck(1, c.home.supervisor.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ month: '2026-01', lines: 5, clinic_missing: ['tin'] });
    expect(body.gaps).toEqual([
      expect.objectContaining({ code: '98975', missing: ['member_id', 'rendering_npi'] }),
      expect.objectContaining({ code: '98977', missing: ['member_id', 'rendering_npi'] }),
    ]);
    expect(body.gaps[0].patient).toMatchObject({ id: lacking, first_name: 'Maria' });
    expect((await auditRows(c.db, 'billing.claims_check')).at(-1)).toMatchObject({
      actorUserId: c.home.supervisor.id,
      clinicId: c.home.clinic.id,
      detail: { month: '2026-01', lines: 5, patient_ids: [lacking] },
    });
  });

  it('is the billing file’s access: an admin names the clinic, another clinic’s staff cannot reach it', async () => {
    const asAdmin = await claimsCsv(1, admin.token, `?clinic_code=${c.home.clinic.code}`);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect((await auditRows(c.db, 'billing.claims_export')).at(-1)).toMatchObject({
      actorUserId: admin.id,
      clinicId: c.home.clinic.id,
    });
    expectProblem(await claimsCsv(1, admin.token), 400, 'validation_failed');
    for (const staff of [c.away.supervisor, c.away.therapist]) {
      expectProblem(await claimsCsv(1, staff.token, `?clinic_code=${c.home.clinic.code}`), 404, 'not_found');
      expectProblem(await claimsCheck(1, staff.token, `?clinic_code=${c.home.clinic.code}`), 404, 'not_found');
    }
    // Their own January has no close: it is theirs that answers, never the home clinic's.
    expectProblem(await claimsCsv(1, c.away.supervisor.token), 409, 'conflict');
    expect((await c.call.get('/clinic/billing/1/2026/claims-csv')).statusCode).toBe(401);
  });
});
