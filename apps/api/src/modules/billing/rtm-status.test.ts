import {
  measures,
  type PatientListItem,
  pathOf,
  patientDataEndpoints,
  patientEndpoints,
  rtmStatusEndpoints,
} from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { PASSWORD } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';

let c: BilledClinics;
type Ids = { example: number; ready: number; minutes: number; uncovered: number; gone: number; registered: number };
const ids = {} as Ids & { away: number };

/** Every patient of the home clinic's list with the query, by id. */
async function listed(query = '') {
  const res = await c.call.get(`${patientEndpoints.list.path}?page_size=100${query}`, c.home.therapist.token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { count: number; results: PatientListItem[] };
  return { count: body.count, byId: new Map(body.results.map((p) => [p.id, p])) };
}

beforeAll(async () => {
  c = await billedClinics();
  // Home is in Los Angeles. Mar 1, 09:00 there: the episodes' start, windows Mar 1–30.
  const march = '2026-03-01T17:00:00Z';
  // 14 data days and 17 monitored minutes, no call yet: the example.
  ids.example = await c.inEpisode(march);
  await c.readings(ids.example, 'painlevel', c.days('2026-03-01', 14));
  await c.session(ids.example, '2026-03-10T18:00:00Z', 17 * 60);
  // 5 data days bill 98985 (2026); a one-minute call: ready to bill, far from the next thresholds.
  ids.ready = await c.inEpisode(march);
  await c.readings(ids.ready, 'steps', c.days('2026-03-01', 5));
  await c.pastCall(ids.ready, { date: '2026-03-03', kind: 'phone', minutes: 1 });
  // 8 minutes (5 monitored, 3 on a call): 2 short of 98979's 10.
  ids.minutes = await c.inEpisode(march);
  await c.readings(ids.minutes, 'painlevel', c.days('2026-03-02', 2));
  await c.session(ids.minutes, '2026-03-04T18:00:00Z', 5 * 60);
  await c.pastCall(ids.minutes, { date: '2026-03-05', kind: 'video', minutes: 3 });
  // The same data as the example, but the payer does not cover RTM.
  ids.uncovered = await c.inEpisode(march, { isCovered: false });
  await c.readings(ids.uncovered, 'painlevel', c.days('2026-03-01', 14));
  // Discharged in February: no episode this month.
  ids.gone = await c.inEpisode('2026-02-01T17:00:00Z', { end: '2026-02-20T17:00:00Z' });
  ids.registered = (await c.call.register(c.home.therapist.token)).id;
  // Another clinic's patient, 1 data day short of 2: close, but never in the home clinic's answers.
  ids.away = await c.inEpisode(march, { clinic: c.away });
  await c.readings(ids.away, 'painlevel', ['2026-03-02'], c.away);

  // Now: Mar 23, 05:00 UTC, still Mar 22 (22:00) in Los Angeles: 9 days left there (Mar 22–30), 8 in UTC.
  c.t.clock.advanceMinutes((Date.parse('2026-03-23T05:00:00Z') - c.t.clock.now().getTime()) / 60_000);
  // Three weeks on, the sign-ins of the start have expired.
  for (const user of [c.home.therapist, c.home.manager]) {
    const res = await c.call.post('/clinic/therapist/signin', undefined, { email: user.email, password: PASSWORD });
    user.token = res.json().token;
  }
});
afterAll(() => c.t.close());

describe('RTM status on the patient list', () => {
  it('gives each listed patient the status of today in the clinic’s calendar', async () => {
    const { byId } = await listed();
    expect(byId.get(ids.example)?.rtm).toEqual({
      window: { start: '2026-03-01', end: '2026-03-30', data_days: 14, data_days_goal: 16, days_left: 9 },
      minutes: 17,
      minutes_goal: 20,
      needs_call: true,
      is_ready_to_bill: true,
      is_close: true,
      is_billable: true,
      not_billable: [],
      // What bills when, and what is missing (decision 1241): 98985 on the window's last day, this month.
      codes: [
        expect.objectContaining({ code: '98985', is_met: true, date_of_service: '2026-03-30', bills_this_month: true }),
        expect.objectContaining({ code: '98977', is_met: false, data_days_needed: 2, instead_of: '98985' }),
        expect.objectContaining({ code: '98979', is_met: false, needs_live_call: true }),
        expect.objectContaining({ code: '98980', is_met: false, minutes_needed: 3, instead_of: null }),
      ],
    });
    expect(byId.get(ids.ready)?.rtm).toMatchObject({
      window: { data_days: 5, data_days_goal: 16, days_left: 9 },
      minutes: 1,
      minutes_goal: 10,
      needs_call: false,
      is_ready_to_bill: true,
      is_close: false,
    });
    expect(byId.get(ids.minutes)?.rtm).toMatchObject({
      window: { data_days: 2, data_days_goal: 16 },
      minutes: 8,
      minutes_goal: 10,
      needs_call: false,
      is_close: true,
    });
    expect(byId.get(ids.uncovered)?.rtm).toMatchObject({
      is_billable: false,
      not_billable: ['not_covered'],
      is_ready_to_bill: false,
      is_close: false,
    });
    // Never onboarded, or discharged before the month: no status.
    expect(byId.get(ids.registered)?.rtm).toBeNull();
    expect(byId.get(ids.gone)?.rtm).toBeNull();
    expect(byId.has(ids.away)).toBe(false);
  });

  it('filters "close to a threshold this month" across the clinic before paging', async () => {
    const close = await listed('&rtm=close');
    expect(close.count).toBe(2);
    expect([...close.byId.keys()].sort()).toEqual([ids.example, ids.minutes].sort());
    // The filter pages like any other: one per page still counts both.
    const res = await c.call.get(`${patientEndpoints.list.path}?rtm=close&page_size=1&page=2`, c.home.therapist.token);
    expect(res.json()).toMatchObject({ count: 2, count_capped: false });
    expect(res.json().results).toHaveLength(1);
    // With another filter: both must hold.
    expect((await listed('&rtm=close&status=discharged')).count).toBe(0);
  });

  it('refuses an unknown RTM filter', async () => {
    const res = await c.call.get(`${patientEndpoints.list.path}?rtm=far`, c.home.therapist.token);
    expectProblem(res, 400);
  });
});

describe('one patient’s RTM status', () => {
  const url = (id: number) => pathOf(rtmStatusEndpoints.patient, { id });

  it('answers the status of today in the clinic’s calendar, and audits the read', async () => {
    const res = await c.call.get(url(ids.example), c.home.manager.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      today: '2026-03-22',
      rtm: { window: { data_days: 14, days_left: 9 }, minutes: 17, needs_call: true, is_close: true },
    });
    const rows = await auditRows(c.db, 'rtm_status.read', ids.example);
    expect(rows.map((row) => [row.outcome, row.actorUserId])).toEqual([['success', c.home.manager.id]]);
  });

  it('answers no status for a patient without an episode this month', async () => {
    const res = await c.call.get(url(ids.registered), c.home.therapist.token);
    expect(res.json()).toEqual({ today: '2026-03-22', rtm: null });
  });

  it('counts only the data the patient sent: a staff member’s outcome entry never makes a data day', async () => {
    const id = await c.inEpisode('2026-03-01T17:00:00Z');
    await c.readings(id, 'painlevel', ['2026-03-02']);
    const dataDays = async () => (await c.call.get(url(id), c.home.manager.token)).json().rtm.window.data_days;
    expect(await dataDays()).toBe(1);
    // The manager records a range of motion and an evaluation's LEFS on two other days, as the record screen does.
    const entered = await c.call.post(
      pathOf(patientDataEndpoints.functionalData, { patientId: id }),
      c.home.manager.token,
      {
        datatype_id: measures.lefs.datatypeId,
        entries: [
          { date: '2026-03-05', answers: Array.from({ length: 20 }, () => 2) },
          { date: '2026-03-06', answers: Array.from({ length: 20 }, () => 3) },
        ],
      },
    );
    expect(entered.statusCode, entered.body).toBe(201);
    expect(await dataDays()).toBe(1);
    // The same measure filled in by the patient themself is patient-generated data.
    await c.outcomes(id, ['2026-03-07'], 'patient');
    expect(await dataDays()).toBe(2);
  });

  it('does not find another clinic’s patient', async () => {
    expectProblem(await c.call.get(url(ids.away), c.home.therapist.token), 404);
    expectProblem(await c.call.get(url(ids.away)), 401);
  });
});
