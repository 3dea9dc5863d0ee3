import { createHash } from 'node:crypto';
import { pathOf, patientEndpoints } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { billingFiles, billingSignOffs } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { createFhirRepository } from '../fhir/fhir.repository.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles (home), so February has ended and a call can
// still be back-dated into it.
let c: BilledClinics;
let patient: number;
let deletedCall: number;
let closedAt: string;

type Filed = { units: number; expected_payment: number; codes: unknown; minutes: number; chart: unknown };
let filed: Filed;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const units = (token: string) => c.call.get('/clinic/billing-units?month=2&year=2026', token);
const chartMonth = async (token: string) =>
  (await c.call.get('/clinic/billing-chart?year=2026&current_month=3', token)).json().months[1];
const monitoring = (token: string) => c.call.get(`/api/v1/patients/${patient}/monitoring/?month=2026-02`, token);
const review = (month: number, token: string) =>
  c.call.get(`/clinic/billing/${month}/2026/post-close-corrections`, token);
const februaryFiles = () =>
  c.db
    .select()
    .from(billingFiles)
    .where(and(eq(billingFiles.clinicId, c.home.clinic.id), eq(billingFiles.month, '2026-02')))
    .orderBy(billingFiles.id);

/** The month's figures as every staff answer shows them. */
async function figures(token: string): Promise<Filed> {
  const body = (await units(token)).json();
  return {
    units: body.units,
    expected_payment: body.expected_payment,
    codes: body.codes,
    minutes: body.results[0].minutes,
    chart: await chartMonth(token),
  };
}

beforeAll(async () => {
  c = await billedClinics();
  // February: 15 monitored minutes, a 10-minute and a 3-minute call: 28 minutes, one 98980.
  patient = await c.inEpisode('2026-02-02T08:00:00Z');
  await c.session(patient, '2026-02-10T18:00:00Z', 900);
  await c.pastCall(patient, { date: '2026-02-12', kind: 'phone', minutes: 10 });
  deletedCall = await c.pastCall(patient, { date: '2026-02-14', kind: 'phone', minutes: 3 });

  // The month-close job closes February and makes its file.
  expect(await c.closeMonth('2026-02')).toBe(true);
  closedAt = c.t.clock.now().toISOString();
  filed = await figures(c.home.manager.token);
  expect(filed).toMatchObject({ units: 1, expected_payment: 43.05, minutes: 28 });

  // After the close: a 20-minute call back-dated into February (48 minutes, a further 98981), and the 3-minute call
  // deleted (45 minutes).
  c.t.clock.advanceMinutes(1);
  await c.logCall(patient, { date: '2026-02-27', kind: 'phone', minutes: 20 });
  c.t.clock.advanceMinutes(1);
  const deleted = await c.call.post(
    pathOf(patientEndpoints.deleteInteraction, { id: patient }),
    c.home.therapist.token,
    { log: deletedCall },
  );
  expect(deleted.statusCode, deleted.body).toBe(204);
});
afterAll(() => c.t.close());

describe('a closed month after a back-dated call and a deletion', () => {
  it('answers its filed figures on the billing screen and the year’s chart, for every staff role', async () => {
    for (const staff of [c.home.therapist, c.home.manager, c.home.supervisor]) {
      expect(await figures(staff.token)).toEqual(filed);
      const body = (await units(staff.token)).json();
      expect(body).toMatchObject({ filed_at: closedAt, signed_at: null, is_provisional: false });
      expect(body.results[0].call_dates).toEqual(['2026-02-12', '2026-02-14']);
    }
  });

  it('counts staff pay as logged now: staff pay is not part of the billing file', async () => {
    const res = await c.call.get('/api/v1/clinic/balances/?month=2026-02', c.home.manager.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals).toMatchObject({ payable_minutes: 45, calls: 2 });
  });

  it('shows the patient’s month live on the monitoring card, with the filed minutes beside it', async () => {
    const res = await monitoring(c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total_minutes: 45, filed: { at: closedAt, minutes: 28 } });
    // A month not closed has nothing filed.
    const march = await c.call.get(`/api/v1/patients/${patient}/monitoring/?month=2026-03`, c.home.therapist.token);
    expect(march.json().filed).toBeNull();
  });

  it('lists both changes for the next month’s review as post-close corrections, with their effect', async () => {
    const res = await review(3, c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    const [february] = res.json().closed_months;
    expect(res.json().closed_months).toHaveLength(1);
    expect(february).toMatchObject({
      month: '2026-02',
      state: 'closed',
      filed_at: closedAt,
      filed_by: 'close',
      signed_at: null,
      expected_payment: { filed: 43.05, live: 76.35 },
    });
    expect(february.changes).toEqual([
      expect.objectContaining({
        kind: 'call_logged',
        summary: 'Phone call dated 2026-02-27, 20 min, logged after the close',
        at: '2026-03-02T15:01:00.000Z',
      }),
      expect.objectContaining({
        kind: 'call_deleted',
        summary: 'Phone call dated 2026-02-14, 3 min, deleted after the close',
        at: '2026-03-02T15:02:00.000Z',
      }),
    ]);
    expect(february.effects).toEqual([
      {
        patient: expect.objectContaining({ id: patient }),
        minutes: { filed: 28, live: 45 },
        codes: [{ code: '98981', filed: 0, live: 1 }],
        expected_payment: { filed: 43.05, live: 76.35 },
      },
    ]);
    expect((await auditRows(c.db, 'billing.post_sign_off_read')).at(-1)).toMatchObject({
      detail: { month: '2026-03', closed_months: ['2026-02'], patient_ids: [patient] },
    });
    // Another clinic's review of the same month knows nothing of it.
    expect((await review(3, c.away.supervisor.token)).json().closed_months).toEqual([]);
  });
});

describe('the sign-off of that month', () => {
  it('signs the filed figures and the file made at the close, never the recomputed ones', async () => {
    const [atClose] = await februaryFiles();
    // The recomputed figures are refused: they are not what the month filed.
    const recomputed = await c.call.post('/clinic/billing/2/2026/sign-off', c.home.supervisor.token, {
      reviewed: { units: 2, expected_payment: 76.35 },
    });
    expect(recomputed.statusCode, recomputed.body).toBe(409);
    const res = await c.call.post('/clinic/billing/2/2026/sign-off', c.home.supervisor.token, {
      reviewed: { units: filed.units, expected_payment: filed.expected_payment },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().closed_file).toEqual({ name: atClose!.name, sha256: sha256(atClose!.content) });
    const files = await februaryFiles();
    expect(files.map((file) => file.source)).toEqual(['generated', 'signed']);
    const [signOff] = await c.db.select().from(billingSignOffs).where(eq(billingSignOffs.month, '2026-02'));
    expect(signOff!.figures.patients[0]!.minutes).toBe(28);
    expect((await auditRows(c.db, 'billing.sign_off')).at(-1)).toMatchObject({
      detail: { units: 1, expected_cents: 4305, closed_file_id: atClose!.id },
    });
  });

  it('keeps every answer on the filed figures, and the corrections listed from the close', async () => {
    expect(await figures(c.home.manager.token)).toEqual(filed);
    const signed = (await units(c.home.manager.token)).json();
    expect(signed).toMatchObject({ filed_at: closedAt, signed_at: expect.any(String) });
    expect((await monitoring(c.home.manager.token)).json().filed).toEqual({ at: closedAt, minutes: 28 });
    const [february] = (await review(3, c.home.manager.token)).json().closed_months;
    expect(february).toMatchObject({ state: 'signed', filed_at: closedAt, signed_by: expect.any(String) });
    expect(february.changes.map((change: { kind: string }) => change.kind)).toEqual(['call_logged', 'call_deleted']);
  });

  it("is what the patient's FHIR charges are read from: the signed row, filed at the close as every answer says", async () => {
    const [signOff] = await c.db
      .select()
      .from(billingSignOffs)
      .where(and(eq(billingSignOffs.clinicId, c.home.clinic.id), eq(billingSignOffs.month, '2026-02')));
    const signedRow = signOff!.figures.patients.find((row) => row.patient.id === patient);
    const rows = await createFhirRepository(c.db, clinicScope(c.home.clinic.id)).filedBillingRows(patient);
    expect(rows).toEqual([{ month: '2026-02', filedAt: new Date(closedAt), row: signedRow }]);
  });
});
