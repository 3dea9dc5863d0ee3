import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeUser } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, sessionForPatient } from '../../../test/hep-support.ts';
import { signedInAdmin } from '../../../test/patients-support.ts';
import { users } from '../../db/schema.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles, the home clinic's timezone.
let c: BilledClinics;
let covered: number;
let assistantId: number;
let adminToken: string;

const units = (query: string, token: string) => c.call.get(`/clinic/billing-units?${query}`, token);

beforeAll(async () => {
  c = await billedClinics();
  const assistant = await makeUser(c.db, c.home.clinic.id, { role: 'therapist' });
  assistantId = assistant.id;
  await c.db.update(users).set({ isAssistant: true, npi: '1234567893' }).where(eq(users.id, assistantId));
  await c.db.update(users).set({ npi: '1987654321' }).where(eq(users.id, c.home.therapist.id));
  adminToken = (await signedInAdmin(c.t, c.away.clinic.id)).token;

  // Onboarded on Jan 5 (Los Angeles), 16 data days Jan 5–20: the first window (Jan 5 – Feb 3) bills set-up and
  // device supply, dated Feb 3. January: 30 min by the therapist + 5 by an assistant (1/7 of the time: CQ) + a
  // 10-minute call = 45 min: 98980 and one 98981.
  covered = await c.inEpisode('2026-01-05T08:00:00Z');
  await c.readings(covered, 'painlevel', c.days('2026-01-05', 16));
  await c.session(covered, '2026-01-10T18:00:00Z', 1800);
  await c.session(covered, '2026-01-11T18:00:00Z', 300, { userId: assistantId });
  await c.pastCall(covered, { date: '2026-01-12', kind: 'phone', minutes: 10 });
  // Not covered by the payer: the same data bills nothing.
  const uncovered = await c.inEpisode('2026-01-05T08:00:00Z', { isCovered: false });
  await c.readings(uncovered, 'painlevel', c.days('2026-01-05', 16));
  // Another clinic's patient never shows.
  const away = await c.inEpisode('2026-01-05T08:00:00Z', { clinic: c.away });
  await c.readings(away, 'painlevel', c.days('2026-01-05', 16), c.away);
});
afterAll(() => c.t.close());

describe('GET /clinic/billing-units', () => {
  it("answers January's management codes with CQ, rates and expected payment at 80 %", async () => {
    const res = await units('month=1&year=2026', c.home.manager.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ month: '2026-01', timezone: 'America/Los_Angeles', is_provisional: false });
    expect(body.codes).toEqual([
      { code: '98975', units: 0, rate: 21.71, payment_per_unit: 17.37, expected_payment: 0 },
      { code: '98977', units: 0, rate: 39.75, payment_per_unit: 31.8, expected_payment: 0 },
      { code: '98985', units: 0, rate: 36, payment_per_unit: 28.8, expected_payment: 0 },
      { code: '98979', units: 0, rate: 26.52, payment_per_unit: 21.22, expected_payment: 0 },
      // 53.81 × 0.8 = 43.048 → 43.05; 41.63 × 0.8 = 33.304 → 33.30.
      { code: '98980', units: 1, rate: 53.81, payment_per_unit: 43.05, expected_payment: 43.05 },
      { code: '98981', units: 1, rate: 41.63, payment_per_unit: 33.3, expected_payment: 33.3 },
    ]);
    expect(body.units).toBe(2);
    expect(body.expected_payment).toBe(76.35);
    expect(body.count).toBe(1);
    const [row] = body.results;
    expect(row.patient.id).toBe(covered);
    expect(row).toMatchObject({
      diagnosis: 'M54.50',
      minutes: 45,
      call_dates: ['2026-01-12'],
      therapist: { id: c.home.therapist.id, npi: '1987654321' },
      expected_payment: 76.35,
    });
    expect(row.codes.map((code: { code: string; modifiers: string[] }) => [code.code, code.modifiers])).toEqual([
      ['98980', ['GP', 'CQ']],
      ['98981', ['GP', 'CQ']],
    ]);
  });

  it("answers February's set-up and device supply dated the window's last day, still provisional in March", async () => {
    const body = (await units('month=2&year=2026', c.home.therapist.token)).json();
    expect(body.results[0].codes).toMatchObject([
      {
        code: '98975',
        date_of_service: '2026-02-03',
        window_start: '2026-01-05',
        window_end: '2026-02-03',
        data_days: 16,
        modifiers: ['GP'],
        expected_payment: 17.37,
      },
      { code: '98977', date_of_service: '2026-02-03', data_days: 16, expected_payment: 31.8 },
    ]);
    expect(body.is_provisional).toBe(false);
    const march = (await units('month=3&year=2026', c.home.therapist.token)).json();
    expect(march).toMatchObject({ is_provisional: true, count: 0, units: 0, expected_payment: 0 });
  });

  it('audits the read with the ids of the patients shown', async () => {
    await units('month=1&year=2026', c.home.supervisor.token);
    const rows = await auditRows(c.db, 'billing.read');
    expect(rows.at(-1)).toMatchObject({
      actorUserId: c.home.supervisor.id,
      clinicId: c.home.clinic.id,
      detail: { month: '2026-01', page: 1, patient_ids: [covered] },
    });
  });

  it.each([
    ['month 13', 'month=13&year=2026', 'month'],
    ['year 1900', 'month=1&year=1900', 'year'],
    ['a month before 2025-01', 'month=12&year=2024', 'year'],
    ['a month not started yet', 'month=4&year=2026', 'month'],
    ['no month', 'year=2026', 'month'],
    ['words', 'month=jan&year=2026', 'month'],
  ])('refuses %s with 400', async (_, query, field) => {
    const res = expectProblem(await units(query, c.home.manager.token), 400);
    expect(Object.keys(res.errors ?? {})).toContain(field);
  });

  it('refuses patients (403), answers 404 for another clinic, and lets an admin name any clinic', async () => {
    const patient = await sessionForPatient(c.t, covered);
    expectProblem(await units('month=1&year=2026', patient.token), 403);
    expectProblem(await units(`month=1&year=2026&clinic_code=${c.away.clinic.code}`, c.home.manager.token), 404);
    expectProblem(await units('month=1&year=2026', adminToken), 400);
    const asAdmin = await units(`month=1&year=2026&clinic_code=${c.home.clinic.code}`, adminToken);
    expect(asAdmin.json().count).toBe(1);
  });
});

describe('GET /clinic/billing-chart', () => {
  it('answers each month of the year up to the current month with its units and expected payment', async () => {
    const res = await c.call.get('/clinic/billing-chart?year=2026&current_month=3', c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    const months = res.json().months;
    const unitsOf = (m: { codes: { code: string; units: number }[] }) =>
      Object.fromEntries(m.codes.filter((code) => code.units > 0).map((code) => [code.code, code.units]));
    expect(months.map(unitsOf)).toEqual([{ 98980: 1, 98981: 1 }, { 98975: 1, 98977: 1 }, {}]);
    expect(months.map((m: { expected_payment: number }) => m.expected_payment)).toEqual([76.35, 49.17, 0]);
    expect(months.map((m: { is_provisional: boolean }) => m.is_provisional)).toEqual([false, false, true]);
  });

  it('refuses a month ahead of the clinic, a bad year, and another clinic', async () => {
    const get = (query: string) => c.call.get(`/clinic/billing-chart?${query}`, c.home.manager.token);
    expectProblem(await get('year=2026&current_month=4'), 400);
    expectProblem(await get('year=1900&current_month=1'), 400);
    expectProblem(await get('year=2026&current_month=13'), 400);
    expectProblem(await get(`year=2026&current_month=1&clinic_code=${c.away.clinic.code}`), 404);
  });
});
