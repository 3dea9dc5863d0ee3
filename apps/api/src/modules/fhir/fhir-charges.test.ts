import { fhirBulkEndpoints, fhirEndpoints, pathOf } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetRows, tableAfter } from '../../../test/billing-files-support.ts';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { chargeAsFileLine, fileLineColumns, npiLookup } from '../../../test/fhir-charges-support.ts';
import { type FhirJson, fhirErrorsOf } from '../../../test/fhir-validator.ts';
import { billingFiles, users } from '../../db/schema.ts';

// The test clock stands at 2026-03-02 15:00 UTC: February has ended in Los Angeles (home), and the month-close job
// files it. Each ChargeItem of a patient's record is a line of February's billing file (decision 1450).

let c: BilledClinics;
let device: number;
let managed: number;
let unbilled: number;

type Bundle = FhirJson & { entry: { resource: FhirJson }[] };
const bundleOf = async (patientId: number, token = c.home.therapist.token) =>
  (await c.call.get(pathOf(fhirEndpoints.bundle, { id: patientId }), token)).json() as Bundle;
const chargesOf = (bundle: Bundle) =>
  bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === 'ChargeItem');

beforeAll(async () => {
  c = await billedClinics();
  await c.db.update(users).set({ npi: '1245319599' }).where(eq(users.id, c.home.therapist.id));
  // A first window from January 20 to February 18 with twenty data days, and 25 minutes with a call in February:
  // set-up, device supply and management.
  device = await c.inEpisode('2026-01-20T18:00:00Z');
  await c.readings(device, 'steps', c.days('2026-01-21', 20));
  await c.session(device, '2026-02-10T18:00:00Z', 900);
  await c.pastCall(device, { date: '2026-02-12', kind: 'video', minutes: 10 });
  // No data days, 12 minutes with a call: management alone (98979 in 2026).
  managed = await c.inEpisode('2026-02-01T18:00:00Z');
  await c.session(managed, '2026-02-11T18:00:00Z', 420);
  await c.pastCall(managed, { date: '2026-02-13', kind: 'phone', minutes: 5 });
  // A patient who billed nothing.
  unbilled = await c.inEpisode('2026-02-20T18:00:00Z');

  // Before the close, the month is open: nothing is charged yet.
  expect(chargesOf(await bundleOf(device))).toEqual([]);
  expect(await c.closeMonth('2026-02')).toBe(true);
});
afterAll(() => c.t.close());

/** February's billing file's patient lines, as the month close made it. */
async function fileLines() {
  const [file] = await c.db
    .select()
    .from(billingFiles)
    .where(and(eq(billingFiles.clinicId, c.home.clinic.id), eq(billingFiles.month, '2026-02')));
  return tableAfter(await sheetRows(Buffer.from(file!.content)), 'Patient name');
}

// The file is in the patients' name order, the FHIR files in their own: lines are compared as sets.
const sorted = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();

describe('ChargeItems of a closed month', () => {
  it('are the lines of the billing file, one each, valid FHIR R4', async () => {
    const lines = await fileLines();
    expect(lines.length).toBeGreaterThanOrEqual(4);

    const fromBundles: unknown[][] = [];
    for (const patient of [device, managed, unbilled]) {
      const bundle = await bundleOf(patient);
      const charges = chargesOf(bundle);
      for (const charge of charges) expect(fhirErrorsOf(charge), charge.id).toEqual([]);
      const npiOf = npiLookup(bundle.entry.map((e) => e.resource));
      fromBundles.push(...charges.map((charge) => chargeAsFileLine(charge, npiOf)));
    }
    expect(sorted(fromBundles)).toEqual(sorted(lines.map(fileLineColumns)));
    expect(fromBundles.map((line) => line[2]).sort()).toEqual(['98975', '98977', '98979', '98980']);
  });

  it('say what stands behind them: the window and its data days, or the minutes and the call', async () => {
    const [setup, supply, management] = chargesOf(await bundleOf(device));
    expect(supply).toMatchObject({
      status: 'billable',
      code: { coding: [{ system: 'http://www.ama-assn.org/go/cpt', code: '98977' }] },
      subject: { reference: `Patient/${device}` },
      performer: [{ actor: { reference: `Practitioner/staff-${c.home.therapist.id}` } }],
      performingOrganization: { reference: `Organization/clinic-${c.home.clinic.id}` },
      quantity: { value: 1 },
      reason: [{ coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'M54.50' }] }],
    });
    expect(setup!.code.coding[0].code).toBe('98975');
    expect(supply!.occurrencePeriod).toEqual({ start: '2026-01-20', end: '2026-02-18' });
    expect(supply!.note[0].text).toContain('20 data days from 2026-01-20 to 2026-02-18');
    expect(management!.note[0].text).toContain('25 minutes of the month; live calls on 2026-02-12');
    expect(management!.occurrencePeriod).toEqual({ start: '2026-02-01', end: '2026-02-28' });
  });

  it("are, in the month's bulk export, the billing file's lines, line for line", async () => {
    const token = c.home.supervisor.token;
    const started = await c.call.post(pathOf(fhirBulkEndpoints.start), token, { year: 2026, month: 2 });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json();
    // The job's work, run here rather than by a worker.
    await c.t.app.fhirBulkExport.make({ exportId: id, clinicId: c.home.clinic.id });
    const ndjson = async (type: string) => {
      const res = await c.call.get(pathOf(fhirBulkEndpoints.download, { id, type }), token);
      expect(res.statusCode, res.body).toBe(200);
      return res.body
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as FhirJson);
    };
    const charges = await ndjson('ChargeItem');
    for (const charge of charges) expect(fhirErrorsOf(charge), charge.id).toEqual([]);
    const npiOf = npiLookup(await ndjson('Practitioner'));
    expect(sorted(charges.map((charge) => chargeAsFileLine(charge, npiOf)))).toEqual(
      sorted((await fileLines()).map(fileLineColumns)),
    );
  });

  it("are read at their own address, and not by another clinic's staff", async () => {
    const [charge] = chargesOf(await bundleOf(managed));
    const res = await c.call.get(`/fhir/R4/ChargeItem/${charge!.id}`, c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(charge);
    const away = await c.call.get(`/fhir/R4/ChargeItem/${charge!.id}`, c.away.therapist.token);
    expect(away.statusCode).toBe(404);
  });
});
