import type { BillingPatientRow } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPatientRows, sheetRows, tableAfter } from '../../../test/billing-files-support.ts';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import { signedInAdmin } from '../../../test/patients-support.ts';
import { clinics, patients, users } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { dataFor } from '../data-access.ts';
import { createBillingMonth } from './billing-month.ts';
import { PAYMENT_RULE } from './billing-workbook.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles, the home clinic's timezone.
let c: BilledClinics;
let adminToken: string;
let formulaId: number;
const FORMULA_NAME = '=HYPERLINK("http://evil.test","Click")';

/** What a spreadsheet shows of a text the file neutralised: a leading apostrophe before a formula's first sign. */
const asInFile = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const neutralisedNames = (rows: BillingPatientRow[]) =>
  rows.map((row) => ({ ...row, patient: { ...row.patient, last_name: asInFile(row.patient.last_name) } }));

/** The month's file as an admin makes it now and the clinic's therapist downloads it, read back by exceljs. */
async function fileOf(clinicCode: string, month: number, year: number, staffToken: string) {
  const made = await c.call.post(`/api/v1/admin/billing/${clinicCode}/${month}/${year}/generate`, adminToken);
  expect(made.statusCode, made.body).toBe(201);
  const query = staffToken === adminToken ? `?clinic_code=${clinicCode}` : '';
  const res = await c.call.get(`/clinic/billing/${month}/${year}/download-file${query}`, staffToken);
  expect(res.statusCode, res.body).toBe(200);
  const content = Buffer.from(res.json().content, 'base64');
  return {
    name: res.json().name as string,
    rows: await sheetRows(content),
    dataDays: await sheetRows(content, 'Data days'),
  };
}

beforeAll(async () => {
  c = await billedClinics();
  const assistant = await makeUser(c.db, c.home.clinic.id, { role: 'therapist' });
  await c.db.update(users).set({ isAssistant: true }).where(eq(users.id, assistant.id));
  await c.db.update(users).set({ npi: '1987654321' }).where(eq(users.id, c.home.therapist.id));
  adminToken = (await signedInAdmin(c.t, c.away.clinic.id)).token;

  // January: management codes with CQ (an assistant did 1/7 of the time) and a call; February: set-up and supply.
  const covered = await c.inEpisode('2026-01-05T08:00:00Z');
  await c.readings(covered, 'painlevel', c.days('2026-01-05', 16));
  await c.session(covered, '2026-01-10T18:00:00Z', 1800);
  await c.session(covered, '2026-01-11T18:00:00Z', 300, { userId: assistant.id });
  await c.pastCall(covered, { date: '2026-01-12', kind: 'phone', minutes: 10 });
  // A window of January 2–31 with 16 data days bills in January, under a name a spreadsheet would run.
  const formula = await c.inEpisode('2026-01-02T08:00:00Z');
  await c.readings(formula, 'steps', c.days('2026-01-02', 16));
  await c.db.update(patients).set({ lastName: FORMULA_NAME }).where(eq(patients.id, formula));
  // A pain rating on a day with steps; an evaluation staff entered on a day without patient data.
  await c.readings(formula, 'painlevel', ['2026-01-03']);
  await c.outcomes(formula, ['2026-01-20'], 'staff');
  formulaId = formula;
});
afterAll(() => c.t.close());

describe('the billing file', () => {
  it('holds, cell for cell, what monthOfClinic and GET /clinic/billing-units answer of the month', async () => {
    const { name, rows } = await fileOf(c.home.clinic.code, 1, 2026, c.home.therapist.token);
    expect(name).toBe(`rehabit-billing-${c.home.clinic.code}-2026-01.xlsx`);
    const homeData = dataFor(c.db, clinicScope(c.home.clinic.id));
    const month = await createBillingMonth(homeData, c.t.clock).monthOfClinic({
      clinicId: c.home.clinic.id,
      month: '2026-01',
    });
    expect(month.patients).toHaveLength(2);

    expect(rows.slice(0, 6)).toEqual([
      [`RTM billing, ${c.home.clinic.name}`],
      ['Clinic code', c.home.clinic.code],
      ['NPI'],
      ['TIN'],
      ['Month', '2026-01'],
      ['Status', 'Final: the month has ended'],
    ]);
    expect(rows[6]).toEqual(['Generated', '2026-03-02T07:00:00-08:00']);
    expect(rows.flat()).not.toContain('DEMO — not for submission');

    const table = tableAfter(rows, 'Patient name');
    expect(table).toEqual(expectedPatientRows(neutralisedNames(month.patients)));
    // The codes of January: the formula patient's window, then the management codes with CQ.
    expect(table.map((row) => [row[4], row[6]])).toEqual([
      ['98975', 'GP'],
      ['98977', 'GP'],
      ['98980', 'GP, CQ'],
      ['98981', 'GP, CQ'],
    ]);
    expect(table[0]![0]).toBe(`'${FORMULA_NAME}, Maria`);

    const totals = tableAfter(rows, 'CPT');
    const all = month.codes.reduce(
      (sum, code) => ({ units: sum.units + code.units, cents: sum.cents + code.expectedCents }),
      {
        units: 0,
        cents: 0,
      },
    );
    expect(totals).toEqual([
      ...month.codes.map((code) => [
        code.code,
        code.units,
        code.rateCents / 100,
        code.perUnitCents / 100,
        code.expectedCents / 100,
      ]),
      ['All codes', all.units, null, null, all.cents / 100],
    ]);
    // Each amount is units × the rounded payment per unit, as the file's own rule says, to the cent.
    for (const [, units, rate, perUnit, amount] of totals.slice(0, -1) as number[][]) {
      expect(perUnit).toBe(Math.round(rate! * 80) / 100);
      expect(Math.round(amount! * 100)).toBe(Math.round(perUnit! * 100) * units!);
    }
    expect(rows.at(-1)).toEqual([PAYMENT_RULE]);

    const screen = (
      await c.call.get('/clinic/billing-units?month=1&year=2026&page_size=100', c.home.manager.token)
    ).json();
    expect(table).toEqual(expectedPatientRows(neutralisedNames(screen.results)));
    expect(totals).toEqual([
      ...screen.codes.map(
        (code: { code: string; units: number; rate: number; payment_per_unit: number; expected_payment: number }) => [
          code.code,
          code.units,
          code.rate,
          code.payment_per_unit,
          code.expected_payment,
        ],
      ),
      ['All codes', screen.units, null, null, screen.expected_payment],
    ]);
  });

  it('lists every data day of each billed window with what the patient sent on it, and no day staff entered', async () => {
    const { dataDays } = await fileOf(c.home.clinic.code, 1, 2026, c.home.therapist.token);
    const table = tableAfter(dataDays, 'Patient name');
    const name = `'${FORMULA_NAME}, Maria`;
    // Set-up and supply share the January 2–31 window: one row per day, both codes named.
    expect(table).toEqual(
      c
        .days('2026-01-02', 16)
        .map((day) => [
          name,
          formulaId,
          '98975, 98977',
          '2026-01-02',
          '2026-01-31',
          day,
          day === '2026-01-03' ? 'pain rating, steps' : 'steps',
        ]),
    );
  });

  it('says a month still running is provisional, in the clinic’s timezone', async () => {
    const { rows } = await fileOf(c.home.clinic.code, 3, 2026, c.home.manager.token);
    expect(rows[5]).toEqual([
      'Status',
      'Provisional: 2026-03 has not ended in America/Los_Angeles; its figures are the data so far',
    ]);
    expect(tableAfter(rows, 'Patient name')).toEqual([]);
  });

  it("carries the demo clinic's watermark, and its NPI and TIN", async () => {
    const demo = await makeClinic(c.db, { code: 'X5218', name: 'Demo Clinic' });
    await c.db.update(clinics).set({ npi: '1112223334', tin: '12-3456789' }).where(eq(clinics.id, demo.id));
    const { rows } = await fileOf('X5218', 2, 2026, adminToken);
    expect(rows.slice(2, 4)).toEqual([
      ['NPI', '1112223334'],
      ['TIN', '12-3456789'],
    ]);
    expect(rows[7]).toEqual(['DEMO — not for submission']);
  });
});
