import { balancesEndpoints, billingEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, sessionForPatient } from '../../../test/hep-support.ts';
import { signedInAdmin } from '../../../test/patients-support.ts';
import { users } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { createInteractionsRepository } from '../patients/interactions.repository.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles, the home clinic's timezone.
let c: BilledClinics;
let withCall: number;
let withoutCall: number;
let adminToken: string;

const URL = balancesEndpoints.read.path;
const EXPORT = balancesEndpoints.export.path;

type Figures = {
  monitored_seconds: number;
  calls: number;
  call_minutes: number;
  patients: number;
  payable_minutes: number;
  not_payable_minutes: number;
  pay: number | null;
};
type Row = Figures & { staff: { id: number; display_name: string; role: string } | null };
type Body = {
  count: number;
  next: number | null;
  results: Row[];
  month: string;
  is_provisional: boolean;
  hourly_rate: number | null;
  totals: Figures;
};

async function read(query: string, token: string) {
  const res = await c.call.get(`${URL}?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Body;
}
const rowOf = (body: Body, staffId: number) => body.results.find((row) => row.staff?.id === staffId);
const setRate = async (rate: number | null) => {
  const res = await c.call.patch(billingEndpoints.changeSettings.path, c.home.supervisor.token, {
    monitoring_rate: rate,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  c = await billedClinics();
  await c.db.update(users).set({ firstName: 'Ada', lastName: 'Zamora' }).where(eq(users.id, c.home.therapist.id));
  await c.db.update(users).set({ firstName: 'Bea', lastName: 'Abbott' }).where(eq(users.id, c.home.supervisor.id));
  adminToken = (await signedInAdmin(c.t, c.away.clinic.id)).token;

  // January 2026: the therapist 30 min 30 s and the supervisor 45 s on a patient with a 10-minute call; the
  // therapist 2 min 5 s on a patient without a call.
  withCall = await c.inEpisode('2026-01-05T08:00:00Z');
  await c.session(withCall, '2026-01-10T18:00:00Z', 1830);
  await c.session(withCall, '2026-01-11T18:00:00Z', 45, { userId: c.home.supervisor.id });
  await c.pastCall(withCall, { date: '2026-01-12', kind: 'phone', minutes: 10 });
  withoutCall = await c.inEpisode('2026-01-05T08:00:00Z');
  await c.session(withoutCall, '2026-01-13T18:00:00Z', 125);
  // Another clinic's time never shows.
  const away = await c.inEpisode('2026-01-05T08:00:00Z', { clinic: c.away });
  await c.session(away, '2026-01-10T18:00:00Z', 3600, { clinic: c.away });
});
afterAll(() => c.t.close());

describe('GET /api/v1/clinic/balances/', () => {
  it('answers each staff member’s month, payable minutes apart from those of patients without a call', async () => {
    await setRate(null);
    const body = await read('month=2026-01', c.home.supervisor.token);
    expect(body).toMatchObject({ month: '2026-01', is_provisional: false, hourly_rate: null, count: 2 });
    // By last name.
    expect(body.results.map((row) => row.staff?.id)).toEqual([c.home.supervisor.id, c.home.therapist.id]);
    expect(rowOf(body, c.home.therapist.id)).toEqual({
      staff: {
        id: c.home.therapist.id,
        display_name: 'Ada Zamora',
        role: 'therapist',
      },
      monitored_seconds: 1955,
      calls: 1,
      call_minutes: 10,
      patients: 2,
      // 1830 s + 10 min = 40.5 min → 40; 125 s → 2, shown apart.
      payable_minutes: 40,
      not_payable_minutes: 2,
      pay: null,
    });
    // The supervisor's 45 s are on the patient with the therapist's call: payable, but under a minute.
    expect(rowOf(body, c.home.supervisor.id)).toMatchObject({
      monitored_seconds: 45,
      calls: 0,
      patients: 1,
      payable_minutes: 0,
      not_payable_minutes: 0,
      pay: null,
    });
    expect(body.totals).toEqual({
      monitored_seconds: 2000,
      calls: 1,
      call_minutes: 10,
      patients: 2,
      payable_minutes: 40,
      not_payable_minutes: 2,
      pay: null,
    });
  });

  it('pays the payable minutes at the clinic’s hourly rate, and follows a change of the rate', async () => {
    await setRate(60);
    let body = await read('month=2026-01', c.home.manager.token);
    expect(body.hourly_rate).toBe(60);
    expect(rowOf(body, c.home.therapist.id)?.pay).toBe(40);
    expect(rowOf(body, c.home.supervisor.id)?.pay).toBe(0);
    expect(body.totals.pay).toBe(40);

    // 40 min at $45.50 an hour = $30.333… → $30.33.
    await setRate(45.5);
    body = await read('month=2026-01', c.home.manager.token);
    expect(rowOf(body, c.home.therapist.id)?.pay).toBe(30.33);
    expect(body.totals.pay).toBe(30.33);
  });

  it('shows a therapist only their own row, and totals of that row', async () => {
    const body = await read('month=2026-01', c.home.therapist.token);
    expect(body.count).toBe(1);
    expect(body.results.map((row) => row.staff?.id)).toEqual([c.home.therapist.id]);
    expect(body.totals).toMatchObject({ monitored_seconds: 1955, patients: 2, payable_minutes: 40 });
  });

  it('paginates the rows on the server, totals over every row', async () => {
    const first = await read('month=2026-01&page_size=1', c.home.supervisor.token);
    const second = await read('month=2026-01&page_size=1&page=2', c.home.supervisor.token);
    expect([first.count, first.results.length, first.next, second.next]).toEqual([2, 1, 2, null]);
    expect(first.results[0]?.staff?.id).not.toBe(second.results[0]?.staff?.id);
    expect(first.totals).toEqual(second.totals);
    expect(first.totals.monitored_seconds).toBe(2000);
  });

  it('keeps the calls of an account that no longer exists in a former staff row, last, and in the totals', async () => {
    // June 2025: the therapist's 90 s on a patient whose only call was logged by an account since removed.
    await c.session(withCall, '2025-06-10T18:00:00Z', 90);
    await createInteractionsRepository(c.db, clinicScope(c.home.clinic.id)).insert({
      patientId: withCall,
      date: '2025-06-11',
      startedAt: new Date('2025-06-11T19:00:00Z'),
      kind: 'phone',
      minutes: 12,
      createdBy: null,
    });
    const body = await read('month=2025-06', c.home.supervisor.token);
    expect(body.results.map((row) => row.staff?.id ?? null)).toEqual([c.home.therapist.id, null]);
    // The patient had a live call that month, whoever logged it: the therapist's minute is payable.
    expect(body.results[0]).toMatchObject({ monitored_seconds: 90, calls: 0, payable_minutes: 1 });
    expect(body.results[1]).toMatchObject({ staff: null, calls: 1, call_minutes: 12, payable_minutes: 12 });
    expect(body.totals).toMatchObject({ patients: 1, calls: 1, payable_minutes: 13, not_payable_minutes: 0 });
  });

  it('answers an empty month with zero totals, and the current month as provisional', async () => {
    const body = await read('month=2026-03', c.home.supervisor.token);
    expect(body).toMatchObject({ count: 0, results: [], is_provisional: true });
    expect(body.totals).toMatchObject({ monitored_seconds: 0, payable_minutes: 0, pay: 0 });
  });

  it('audits the read with the staff on the page', async () => {
    await read('month=2026-01', c.home.manager.token);
    const [row] = (await auditRows(c.db, 'balances.read')).slice(-1);
    expect(row).toMatchObject({ actorUserId: c.home.manager.id, clinicId: c.home.clinic.id, outcome: 'success' });
    expect(row?.detail).toMatchObject({ month: '2026-01', page: 1 });
    const detail = row?.detail as { staff_ids: number[] };
    expect(detail.staff_ids.sort()).toEqual([c.home.therapist.id, c.home.supervisor.id].sort());
  });

  it.each([
    ['a month before 2025-01', 'month=2024-12'],
    ['a month not started yet', 'month=2026-04'],
    ['no month', ''],
    ['words', 'month=january'],
    ['month 13', 'month=2026-13'],
    ['a page over 100', 'month=2026-01&page_size=101'],
  ])('refuses %s with 400', async (_, query) => {
    expectProblem(await c.call.get(`${URL}?${query}`, c.home.manager.token), 400);
  });

  it('refuses patients (403) and the signed out (401), answers 404 for another clinic, and lets an admin name one', async () => {
    const patient = await sessionForPatient(c.t, withCall);
    expectProblem(await c.call.get(`${URL}?month=2026-01`, patient.token), 403);
    expectProblem(await c.call.get(`${URL}?month=2026-01`), 401);
    expectProblem(
      await c.call.get(`${URL}?month=2026-01&clinic_code=${c.away.clinic.code}`, c.home.supervisor.token),
      404,
    );
    expectProblem(await c.call.get(`${URL}?month=2026-01`, adminToken), 400);
    const asAdmin = await read(`month=2026-01&clinic_code=${c.home.clinic.code}`, adminToken);
    expect(asAdmin.count).toBe(2);
    const away = await read('month=2026-01', c.away.supervisor.token);
    expect(away.results.map((row) => row.staff?.id)).toEqual([c.away.therapist.id]);
  });
});

describe('GET /api/v1/clinic/balances/export', () => {
  it('answers the month as a CSV with the totals, and audits it', async () => {
    await setRate(60);
    const res = await c.call.get(`${EXPORT}?month=2026-01`, c.home.supervisor.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`balances-${c.home.clinic.code}-2026-01.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Staff member,Staff ID,Role,Monitored seconds,Live calls,Call minutes,Patients,Payable minutes,Not payable minutes (no live call),Hourly rate (USD),Pay (USD)',
    );
    expect(lines).toContain(`Ada Zamora,${c.home.therapist.id},Staff Therapist,1955,1,10,2,40,2,60.00,40.00`);
    expect(lines.at(-1)).toBe('Total,,,2000,1,10,2,40,2,60.00,40.00');
    const [row] = (await auditRows(c.db, 'balances.export')).slice(-1);
    expect(row).toMatchObject({ actorUserId: c.home.supervisor.id, clinicId: c.home.clinic.id });
  });

  it('gives a therapist their own row only, and refuses bad months, patients and other clinics', async () => {
    const res = await c.call.get(`${EXPORT}?month=2026-01`, c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.trim().split('\r\n')).toHaveLength(3);
    expectProblem(await c.call.get(`${EXPORT}?month=2024-12`, c.home.manager.token), 400);
    expectProblem(await c.call.get(`${EXPORT}?month=2099-01`, c.home.manager.token), 400);
    const patient = await sessionForPatient(c.t, withCall);
    expectProblem(await c.call.get(`${EXPORT}?month=2026-01`, patient.token), 403);
    expectProblem(
      await c.call.get(`${EXPORT}?month=2026-01&clinic_code=${c.away.clinic.code}`, c.home.manager.token),
      404,
    );
  });
});

describe('the balances agree with the monitored-time module and billing', () => {
  it('reads the same minutes for the same month', async () => {
    // February 2026: each patient monitored by one staff member, so a staff member's minutes are whole patients'.
    await c.session(withCall, '2026-02-03T18:00:00Z', 1500);
    await c.pastCall(withCall, { date: '2026-02-04', kind: 'video', minutes: 5 });
    await c.session(withoutCall, '2026-02-05T18:00:00Z', 700, { userId: c.home.supervisor.id });
    const month = '2026-02';
    const body = await read(`month=${month}`, c.home.supervisor.token);
    const byPatient = await c.minutes.minutesOfClinic({ clinicId: c.home.clinic.id, month });
    const patient = (id: number) => byPatient.find((row) => row.patientId === id)!;

    // Every second and call minute the module counts, and no other.
    const sum = (key: 'monitored_seconds' | 'call_minutes') => body.results.reduce((n, row) => n + row[key], 0);
    expect(sum('monitored_seconds')).toBe(byPatient.reduce((n, row) => n + row.monitoredSeconds, 0));
    expect(sum('call_minutes')).toBe(byPatient.reduce((n, row) => n + row.callMinutes, 0));
    // 1500 s + 5 min = 30 min, payable (the call); 700 s = 11 min, not payable.
    expect(rowOf(body, c.home.therapist.id)).toMatchObject({
      payable_minutes: patient(withCall).totalMinutes,
      not_payable_minutes: 0,
    });
    expect(rowOf(body, c.home.supervisor.id)).toMatchObject({
      payable_minutes: 0,
      not_payable_minutes: patient(withoutCall).totalMinutes,
    });
    expect([patient(withCall).totalMinutes, patient(withoutCall).totalMinutes]).toEqual([30, 11]);

    // Billing reads the same 30 minutes for the patient with the call (the one that bills management codes).
    const units = await c.call.get(`/clinic/billing-units?month=2&year=2026`, c.home.manager.token);
    const billed = units.json().results.find((row: { patient: { id: number } }) => row.patient.id === withCall);
    expect(billed.minutes).toBe(patient(withCall).totalMinutes);
    expect(body.totals.payable_minutes).toBe(billed.minutes);
  });
});
