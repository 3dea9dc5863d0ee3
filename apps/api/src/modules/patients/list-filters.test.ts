import { type PatientListItem, patientEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeUser, PASSWORD } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { patientEpisodes, patients } from '../../db/schema.ts';

// The list filters of quiet patients (`data=quiet`) and patients ready to bill (`rtm=ready`), decision 0903.

let c: BilledClinics;
let colleagueId: number;
const ids = {} as Record<
  | 'lastDataMar5'
  | 'lastDataMar13'
  | 'dataMar14'
  | 'outcomeMar16'
  | 'newcomer'
  | 'onboardedMar13'
  | 'reOnboarded'
  | 'uncovered'
  | 'discharged'
  | 'colleagues'
  | 'away',
  number
>;

async function listed(query = '') {
  const res = await c.call.get(`${patientEndpoints.list.path}?page_size=100${query}`, c.home.therapist.token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { count: number; results: PatientListItem[] };
  return { count: body.count, ids: new Set(body.results.map((p) => p.id)) };
}
const set = (...keys: (keyof typeof ids)[]) => new Set(keys.map((key) => ids[key]));

beforeAll(async () => {
  c = await billedClinics();
  colleagueId = (await makeUser(c.db, c.home.clinic.id, { role: 'therapist' })).id;
  // Home is in Los Angeles; most episodes start Mar 1, 09:00 there (windows Mar 1–30). Today is Mar 20 there.
  const march = '2026-03-01T17:00:00Z';
  // Last data day Mar 5 (5 steps days: ready to bill, 98985); a heart rate on Mar 18 makes no data day.
  ids.lastDataMar5 = await c.inEpisode(march);
  await c.readings(ids.lastDataMar5, 'steps', c.days('2026-03-01', 5));
  await c.readings(ids.lastDataMar5, 'heart_rate', ['2026-03-18']);
  await c.pastCall(ids.lastDataMar5, { date: '2026-03-03', kind: 'phone', minutes: 5 });
  // Exactly 7 days without data (Mar 13): quiet; one data day is not ready to bill.
  ids.lastDataMar13 = await c.inEpisode(march);
  await c.readings(ids.lastDataMar13, 'painlevel', ['2026-03-13']);
  // 6 days (Mar 14): not quiet; two data days are ready to bill.
  ids.dataMar14 = await c.inEpisode(march);
  await c.readings(ids.dataMar14, 'painlevel', ['2026-03-12', '2026-03-14']);
  // An outcome entry is a data day too.
  ids.outcomeMar16 = await c.inEpisode(march);
  await c.outcomes(ids.outcomeMar16, ['2026-03-16']);
  // Onboarded Mar 15 without data: 5 days, not quiet yet. Onboarded Mar 13: 7 days, quiet.
  ids.newcomer = await c.inEpisode('2026-03-15T17:00:00Z');
  ids.onboardedMar13 = await c.inEpisode('2026-03-13T17:00:00Z');
  // Data in a past episode, re-onboarded Mar 17: the days count from the new episode's start, not quiet.
  ids.reOnboarded = await c.inEpisode('2026-02-01T17:00:00Z', { end: '2026-03-02T17:00:00Z' });
  await c.readings(ids.reOnboarded, 'steps', ['2026-02-10', '2026-03-02']);
  await c.db.insert(patientEpisodes).values({
    patientId: ids.reOnboarded,
    clinicId: c.home.clinic.id,
    diagnosis: 'M54.50',
    therapistId: c.home.therapist.id,
    startedAt: new Date('2026-03-17T17:00:00Z'),
  });
  await c.db.update(patients).set({ status: 'onboarded' }).where(eq(patients.id, ids.reOnboarded));
  // Quiet but not covered: never ready to bill.
  ids.uncovered = await c.inEpisode(march, { isCovered: false });
  await c.readings(ids.uncovered, 'steps', c.days('2026-03-01', 5));
  // Discharged Mar 10 with 20 minutes and a call: ready to bill this month (98980), but never quiet.
  ids.discharged = await c.inEpisode(march, { end: '2026-03-10T17:00:00Z' });
  await c.session(ids.discharged, '2026-03-04T18:00:00Z', 20 * 60);
  await c.pastCall(ids.discharged, { date: '2026-03-05', kind: 'phone', minutes: 1 });
  // A colleague's quiet patient.
  ids.colleagues = await c.inEpisode(march, { therapistId: colleagueId });
  // Another clinic's quiet patient, ready to bill: never in the home clinic's answers.
  ids.away = await c.inEpisode(march, { clinic: c.away });
  await c.readings(ids.away, 'steps', c.days('2026-03-01', 5), c.away);

  // Now: Mar 21, 05:00 UTC, still Mar 20 (22:00) in Los Angeles.
  c.t.clock.advanceMinutes((Date.parse('2026-03-21T05:00:00Z') - c.t.clock.now().getTime()) / 60_000);
  const res = await c.call.post('/clinic/therapist/signin', undefined, {
    email: c.home.therapist.email,
    password: PASSWORD,
  });
  c.home.therapist.token = res.json().token;
});
afterAll(() => c.t.close());

describe('data=quiet: onboarded patients without a data day for 7 days', () => {
  it('counts the days in the clinic’s calendar, from the current episode’s start when there is no data since', async () => {
    const quiet = await listed('&data=quiet');
    expect(quiet.ids).toEqual(set('lastDataMar5', 'lastDataMar13', 'onboardedMar13', 'uncovered', 'colleagues'));
    expect(quiet.count).toBe(5);
  });

  it('combines with status, therapist, search, the call filter and paging', async () => {
    expect((await listed('&data=quiet&status=discharged')).count).toBe(0);
    expect((await listed(`&data=quiet&therapist_id=${colleagueId}`)).ids).toEqual(set('colleagues'));
    // A patient not covered for RTM needs no call (decision 1240).
    expect((await listed('&data=quiet&call=needed')).ids).toEqual(set('lastDataMar13', 'onboardedMar13', 'colleagues'));
    const [row] = await c.db
      .select({ lastName: patients.lastName })
      .from(patients)
      .where(eq(patients.id, ids.uncovered));
    expect((await listed(`&data=quiet&search=${row!.lastName}`)).ids).toEqual(set('uncovered'));
    const page = await c.call.get(
      `${patientEndpoints.list.path}?data=quiet&page_size=2&page=3`,
      c.home.therapist.token,
    );
    expect(page.json()).toMatchObject({ count: 5, count_capped: false });
    expect(page.json().results).toHaveLength(1);
  });

  it('refuses an unknown data filter', async () => {
    expectProblem(await c.call.get(`${patientEndpoints.list.path}?data=loud`, c.home.therapist.token), 400);
  });
});

describe('rtm=ready: patients with a code met now', () => {
  it('picks them across the clinic before paging, discharged this month included', async () => {
    const ready = await listed('&rtm=ready');
    expect(ready.ids).toEqual(set('lastDataMar5', 'dataMar14', 'discharged'));
    const page = await c.call.get(`${patientEndpoints.list.path}?rtm=ready&page_size=1&page=2`, c.home.therapist.token);
    expect(page.json()).toMatchObject({ count: 3 });
    expect(page.json().results).toHaveLength(1);
  });

  it('combines with the other filters', async () => {
    expect((await listed('&rtm=ready&status=onboarded')).ids).toEqual(set('lastDataMar5', 'dataMar14'));
    expect((await listed('&rtm=ready&data=quiet')).ids).toEqual(set('lastDataMar5'));
    expect((await listed('&rtm=ready&call=needed')).ids).toEqual(set('dataMar14'));
    expect((await listed(`&rtm=ready&therapist_id=${colleagueId}`)).count).toBe(0);
  });
});
