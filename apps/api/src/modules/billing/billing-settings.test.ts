import { billingEndpoints, defaultBillingRates } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { makeStaffedClinic, signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, billingRates, users } from '../../db/schema.ts';

const URL = billingEndpoints.settings.path;
const ofClinic = (code: string) => `${URL}?clinic_code=${code}`;

type Settings = {
  timezone: string;
  monitoring_rate: number | null;
  rates: { year: number; code: string; rate: number; default_rate: number }[];
  staff: { id: number; display_name: string; role: string; npi: string | null; is_assistant: boolean }[];
};

const { t, call, away } = await twoClinicsForFile();
const adminToken = (await signedInAdmin(t, (await makeClinic(t.database.db)).id)).token;

/** Each test works on a clinic of its own, so the settings it checks are only its own changes. */
const freshClinic = () => makeStaffedClinic(t.app, t.database.db);

async function read(token: string, url: string = URL) {
  const res = await call.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Settings;
}
const rateOf = (settings: Settings, year: number, code: string) =>
  settings.rates.find((r) => r.year === year && r.code === code);
const auditOf = (clinicId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'billing.settings_change'), eq(auditEvents.clinicId, clinicId)));

describe('reading the billing settings', () => {
  it('answers the timezone, every rate of both rule years with its default, and the rendering staff', async () => {
    const home = await freshClinic();
    const pending = await makeUser(t.database.db, home.clinic.id, { approvalStatus: 'pending' });
    await makeUser(t.database.db, home.clinic.id, { role: 'patient' });
    for (const who of [home.therapist, home.manager, home.supervisor]) {
      const settings = await read(who.token);
      expect(settings.timezone).toBe('America/New_York');
      expect(settings.rates).toHaveLength(10);
      // Set-up, device supply, then management, as the contract lists the codes.
      expect(settings.rates.filter((r) => r.year === 2026).map((r) => r.code)).toEqual([
        '98975',
        '98977',
        '98985',
        '98979',
        '98980',
        '98981',
      ]);
      expect(rateOf(settings, 2025, '98977')).toEqual({ year: 2025, code: '98977', rate: 43.02, default_rate: 43.02 });
      expect(rateOf(settings, 2026, '98985')).toEqual({ year: 2026, code: '98985', rate: 36, default_rate: 36 });
      // 98985 and 98979 came in 2026: 2025 has no rate for them.
      expect(rateOf(settings, 2025, '98985')).toBeUndefined();
      // Approved therapists and supervisors only: no manager, patient or pending account.
      expect(settings.staff.map((s) => s.id).sort()).toEqual([home.therapist.id, home.supervisor.id].sort());
      expect(settings.staff.map((s) => s.id)).not.toContain(pending.id);
      expect(settings.staff.find((s) => s.id === home.therapist.id)).toMatchObject({
        role: 'therapist',
        npi: null,
        is_assistant: false,
        display_name: expect.stringMatching(/^Jamie Tester/),
      });
    }
  });

  it('lets admins read a clinic they name, and asks them to name one', async () => {
    const home = await freshClinic();
    const settings = await read(adminToken, ofClinic(home.clinic.code));
    expect(settings.staff.map((s) => s.id)).toContain(home.therapist.id);
    const problem = expectProblem(await call.get(URL, adminToken), 400, 'validation_failed');
    expect(problem.errors).toHaveProperty('clinic_code');
    expectProblem(await call.get(ofClinic('NOPE00'), adminToken), 404, 'not_found');
  });

  it('answers 404 to staff naming another clinic, and their own when they name it', async () => {
    const home = await freshClinic();
    expectProblem(await call.get(ofClinic(away.clinic.code), home.therapist.token), 404, 'not_found');
    expect((await read(home.therapist.token, ofClinic(home.clinic.code))).staff).toHaveLength(2);
    expectProblem(await call.get(URL), 401);
  });
});

describe('changing the billing settings', () => {
  it('lets the supervisor change the timezone, rates and staff, audited with old and new values', async () => {
    const home = await freshClinic();
    await t.database.db.update(users).set({ npi: '1111111111' }).where(eq(users.id, home.supervisor.id));
    const res = await call.patch(URL, home.supervisor.token, {
      timezone: 'America/Chicago',
      rates: [
        { year: 2026, code: '98977', rate: 45.5 },
        { year: 2025, code: '98980', rate: 50.14 }, // the default already: nothing to change
      ],
      staff: [
        { id: home.therapist.id, npi: '1234567893', is_assistant: true },
        { id: home.supervisor.id, npi: null, is_assistant: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Settings;
    expect(answer.timezone).toBe('America/Chicago');
    expect(rateOf(answer, 2026, '98977')).toEqual({ year: 2026, code: '98977', rate: 45.5, default_rate: 39.75 });

    // Reading back: the new values, and the defaults everywhere else.
    const settings = await read(home.manager.token);
    expect(settings).toEqual(answer);
    for (const rate of settings.rates) {
      if (rate.year === 2026 && rate.code === '98977') continue;
      expect(rate.rate, `${rate.year} ${rate.code}`).toBe(rate.default_rate);
    }
    expect(settings.staff.find((s) => s.id === home.therapist.id)).toMatchObject({
      npi: '1234567893',
      is_assistant: true,
    });
    expect(settings.staff.find((s) => s.id === home.supervisor.id)).toMatchObject({ npi: null, is_assistant: false });

    const stored = await t.database.db.select().from(billingRates).where(eq(billingRates.clinicId, home.clinic.id));
    expect(stored).toEqual([
      expect.objectContaining({ year: 2026, code: '98977', rateCents: 4550, updatedBy: home.supervisor.id }),
    ]);

    const rows = await auditOf(home.clinic.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: home.supervisor.id, outcome: 'success', patientId: null });
    expect(rows[0]!.detail).toEqual({
      clinic_code: home.clinic.code,
      timezone: { old: 'America/New_York', new: 'America/Chicago' },
      rates: [{ year: 2026, code: '98977', old: 39.75, new: 45.5 }],
      staff: [
        { id: home.therapist.id, npi: { old: null, new: '1234567893' }, is_assistant: { old: false, new: true } },
        { id: home.supervisor.id, npi: { old: '1111111111', new: null } },
      ],
    });
  });

  it('lets an admin change a clinic they name, which must be named', async () => {
    const home = await freshClinic();
    const body = { rates: [{ year: 2025, code: '98975', rate: 0 }] };
    const unnamed = expectProblem(await call.patch(URL, adminToken, body), 400, 'validation_failed');
    expect(unnamed.errors).toHaveProperty('clinic_code');
    const res = await call.patch(ofClinic(home.clinic.code), adminToken, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(rateOf(res.json(), 2025, '98975')).toMatchObject({ rate: 0, default_rate: 19.73 });
    const [row] = await auditOf(home.clinic.id);
    expect(row?.detail).toMatchObject({ rates: [{ year: 2025, code: '98975', old: 19.73, new: 0 }] });
    // Back to the default: stored as the clinic's own rate, read the same.
    const back = await call.patch(ofClinic(home.clinic.code), adminToken, {
      rates: [{ year: 2025, code: '98975', rate: 19.73 }],
    });
    expect(rateOf(back.json(), 2025, '98975')).toMatchObject({ rate: 19.73 });
    expect(await auditOf(home.clinic.id)).toHaveLength(2);
  });

  it('refuses therapists and managers (403), who can still read', async () => {
    const home = await freshClinic();
    for (const who of [home.therapist, home.manager]) {
      expectProblem(await call.patch(URL, who.token, { timezone: 'America/Denver' }), 403, 'forbidden');
      expect((await read(who.token)).timezone).toBe('America/New_York');
    }
    expect(await auditOf(home.clinic.id)).toEqual([]);
  });

  it('writes no row for a change that changes nothing', async () => {
    const home = await freshClinic();
    const res = await call.patch(URL, home.supervisor.token, {
      timezone: 'America/New_York',
      rates: [{ year: 2026, code: '98985', rate: 36 }],
      staff: [{ id: home.therapist.id, npi: null, is_assistant: false }, { id: home.supervisor.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditOf(home.clinic.id)).toEqual([]);
    expect(await t.database.db.select().from(billingRates).where(eq(billingRates.clinicId, home.clinic.id))).toEqual(
      [],
    );
  });

  it.each([
    ['a negative rate', { rates: [{ year: 2025, code: '98977', rate: -1 }] }, 'rates.0.rate'],
    ['a fraction of a cent', { rates: [{ year: 2025, code: '98977', rate: 43.025 }] }, 'rates.0.rate'],
    ['a rate as text', { rates: [{ year: 2025, code: '98977', rate: '43.02' }] }, 'rates.0.rate'],
    ['an unknown code', { rates: [{ year: 2025, code: '99999', rate: 10 }] }, 'rates.0.code'],
    ['a code of another year', { rates: [{ year: 2025, code: '98985', rate: 10 }] }, 'rates.0.code'],
    ['a year the rules do not know', { rates: [{ year: 2024, code: '98977', rate: 10 }] }, 'rates.0.year'],
    [
      'one rate sent twice',
      {
        rates: [
          { year: 2026, code: '98977', rate: 10 },
          { year: 2026, code: '98977', rate: 11 },
        ],
      },
      'rates.1',
    ],
    ['a bad timezone', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ['a timezone that is no zone', { timezone: 'EST' }, 'timezone'],
    ['an NPI of 9 digits', { staff: [{ id: 1, npi: '123456789' }] }, 'staff.0.npi'],
    ['an NPI with letters', { staff: [{ id: 1, npi: '12345678AB' }] }, 'staff.0.npi'],
    ['a negative hourly monitoring rate', { monitoring_rate: -5 }, 'monitoring_rate'],
    ['an hourly monitoring rate over $10,000', { monitoring_rate: 10_000.01 }, 'monitoring_rate'],
    ['an hourly monitoring rate as text', { monitoring_rate: '40' }, 'monitoring_rate'],
    ['an empty body', {}, null],
    ['empty lists', { rates: [], staff: [] }, null],
  ])('refuses %s (400) and changes nothing', async (_name, body, field) => {
    const home = await freshClinic();
    const before = await read(home.supervisor.token);
    // A bad value comes with a good change, which must not be kept either.
    const padded = field && !('timezone' in body) ? { ...body, timezone: 'America/Denver' } : body;
    const res = await call.patch(URL, home.supervisor.token, padded);
    const problem = expectProblem(res, 400, 'validation_failed');
    if (field) expect(problem.errors, res.body).toHaveProperty([field]);
    expect(await read(home.supervisor.token)).toEqual(before);
    expect(await auditOf(home.clinic.id)).toEqual([]);
  });

  it('answers 404 for another clinic, its staff and patients, and changes nothing', async () => {
    const home = await freshClinic();
    const patient = await makeUser(t.database.db, home.clinic.id, { role: 'patient' });
    const before = await read(home.supervisor.token);
    const change = { timezone: 'America/Denver' };
    expectProblem(await call.patch(ofClinic(away.clinic.code), home.supervisor.token, change), 404, 'not_found');
    for (const id of [away.therapist.id, patient.id, 987_654_321]) {
      const res = await call.patch(URL, home.supervisor.token, { ...change, staff: [{ id, npi: '1234567893' }] });
      expectProblem(res, 404, 'not_found');
    }
    expect(await read(home.supervisor.token)).toEqual(before);
    const [awayTherapist] = await t.database.db.select().from(users).where(eq(users.id, away.therapist.id));
    expect(awayTherapist?.npi).toBeNull();
    expect(await auditOf(home.clinic.id)).toEqual([]);
    expect(await auditOf(away.clinic.id)).toEqual([]);
  });

  it('refuses a manager or an account not approved in staff with a field error (400)', async () => {
    const home = await freshClinic();
    const pending = await makeUser(t.database.db, home.clinic.id, { approvalStatus: 'pending' });
    for (const id of [home.manager.id, pending.id]) {
      const res = await call.patch(URL, home.supervisor.token, {
        staff: [
          { id: home.therapist.id, is_assistant: true },
          { id, npi: '1234567893' },
        ],
      });
      const problem = expectProblem(res, 400, 'validation_failed');
      expect(problem.errors?.['staff.1.id']).toEqual(['Only approved therapists and supervisors render RTM services']);
    }
    expect((await read(home.supervisor.token)).staff.find((s) => s.id === home.therapist.id)?.is_assistant).toBe(false);
    expect(await auditOf(home.clinic.id)).toEqual([]);
  });

  it('keeps every rate code of each year in the answer, the defaults of the contract', async () => {
    const home = await freshClinic();
    const settings = await read(home.supervisor.token);
    for (const [year, codes] of Object.entries(defaultBillingRates)) {
      for (const [code, cents] of Object.entries(codes)) {
        expect(rateOf(settings, Number(year), code)?.default_rate).toBe(cents / 100);
      }
    }
  });

  it('keeps the hourly monitoring rate: not set at first, set and taken back, each change audited in dollars', async () => {
    const home = await freshClinic();
    expect((await read(home.therapist.token)).monitoring_rate).toBeNull();

    const set = await call.patch(URL, home.supervisor.token, { monitoring_rate: 42.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as Settings).monitoring_rate).toBe(42.5);
    expect((await read(home.manager.token)).monitoring_rate).toBe(42.5);
    const again = await call.patch(URL, home.supervisor.token, { monitoring_rate: 42.5 });
    expect(again.statusCode, again.body).toBe(200);
    const unset = await call.patch(ofClinic(home.clinic.code), adminToken, { monitoring_rate: null });
    expect(unset.statusCode, unset.body).toBe(200);
    expect((await read(home.therapist.token)).monitoring_rate).toBeNull();

    // The same value sent again changes nothing and writes nothing.
    expect((await auditOf(home.clinic.id)).map((row) => row.detail)).toEqual([
      { clinic_code: home.clinic.code, monitoring_rate: { old: null, new: 42.5 } },
      { clinic_code: home.clinic.code, monitoring_rate: { old: 42.5, new: null } },
    ]);
    expectProblem(await call.patch(URL, home.therapist.token, { monitoring_rate: 50 }), 403, 'forbidden');
  });
});
