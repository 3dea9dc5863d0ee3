import { bannerEndpoints, type PatientBanners, pathOf } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { PASSWORD } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, makeVideo, sessionForPatient } from '../../../test/hep-support.ts';
import { hepItems } from '../../db/schema.ts';

let c: BilledClinics;
const ids = {} as Record<'fresh' | 'quiet' | 'noConsent' | 'close' | 'stale' | 'registered' | 'away', number>;

const snoozesPath = (patientId: number) => pathOf(bannerEndpoints.snoozes, { patientId });
const snoozePath = (patientId: number, banner: string) => `/user/therapist/banners/${patientId}/${banner}/snooze`;

/** What `token`'s holder is shown for a patient now. */
async function bannersOf(patientId: number, token = c.home.therapist.token): Promise<PatientBanners> {
  const res = await c.call.get(snoozesPath(patientId), token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const shown = async (patientId: number, token?: string) =>
  (await bannersOf(patientId, token)).banners.map((b) => b.banner);

async function snooze(patientId: number, banner: string, token = c.home.therapist.token) {
  const res = await c.call.post(snoozePath(patientId, banner), token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { banner: string; snoozed_until: string; cause: string };
}

/** Moves the clock to `instant` and signs the home staff in again (their sessions expire on the way). */
async function moveTo(instant: string) {
  c.t.clock.advanceMinutes((Date.parse(instant) - c.t.clock.now().getTime()) / 60_000);
  for (const user of [c.home.therapist, c.home.manager]) {
    const res = await c.call.post('/clinic/therapist/signin', undefined, { email: user.email, password: PASSWORD });
    user.token = res.json().token;
  }
}

beforeAll(async () => {
  c = await billedClinics();
  // Home is in Los Angeles; the episodes start Mar 1, 09:00 there.
  const march = '2026-03-01T17:00:00Z';
  // Data yesterday, a call this month: nothing to do.
  ids.fresh = await c.inEpisode(march);
  await c.readings(ids.fresh, 'steps', c.days('2026-03-15', 5));
  await c.pastCall(ids.fresh, { date: '2026-03-03', kind: 'phone', minutes: 1 });
  // Last data on Mar 5 and no call.
  ids.quiet = await c.inEpisode(march);
  await c.readings(ids.quiet, 'steps', c.days('2026-03-01', 5));
  // No consent on file.
  ids.noConsent = await c.inEpisode(march, { hasConsent: false });
  await c.readings(ids.noConsent, 'steps', ['2026-03-19']);
  await c.pastCall(ids.noConsent, { date: '2026-03-03', kind: 'phone', minutes: 1 });
  // 14 data days of 16: close to the device threshold.
  ids.close = await c.inEpisode(march);
  await c.readings(ids.close, 'steps', c.days('2026-03-06', 14));
  await c.pastCall(ids.close, { date: '2026-03-03', kind: 'phone', minutes: 1 });
  // Onboarded in January, no program ever set: the program is stale.
  ids.stale = await c.inEpisode('2026-01-05T17:00:00Z');
  await c.readings(ids.stale, 'steps', ['2026-03-18', '2026-03-19']);
  await c.pastCall(ids.stale, { date: '2026-03-03', kind: 'phone', minutes: 1 });
  ids.registered = (await c.call.register(c.home.therapist.token)).id;
  ids.away = await c.inEpisode(march, { clinic: c.away });
  // Mar 20, noon in Los Angeles.
  await moveTo('2026-03-20T19:00:00Z');
});
afterAll(() => c.t.close());

describe('banners of the patient dashboard', () => {
  it('show each banner whose cause is there, on the clinic’s day', async () => {
    expect(await shown(ids.fresh)).toEqual([]);
    expect(await shown(ids.quiet)).toEqual(['no_call', 'no_data']);
    expect(await shown(ids.noConsent)).toEqual(['no_consent']);
    expect(await shown(ids.close)).toEqual(['billing_close']);
    expect(await shown(ids.stale)).toEqual(['program_stale']);
    expect(await shown(ids.registered)).toEqual([]);
    const quiet = await bannersOf(ids.quiet);
    expect(quiet.today).toBe('2026-03-20');
    expect(quiet.banners).toEqual([
      { banner: 'no_call', cause: '2026-03' },
      { banner: 'no_data', cause: '2026-03-05' },
    ]);
    expect(quiet.snoozes).toEqual([]);
    expect((await auditRows(c.db, 'banner.read', ids.quiet)).length).toBeGreaterThan(0);
  });

  it('leave "program not updated" once the program changes', async () => {
    const video = await makeVideo(c.db, { clinicId: c.home.clinic.id });
    const at = new Date('2026-03-20T18:00:00Z');
    await c.db.insert(hepItems).values({
      clinicId: c.home.clinic.id,
      patientId: ids.stale,
      videoId: video.id,
      position: 1,
      sets: 3,
      reps: 10,
      createdAt: at,
      updatedAt: at,
    });
    expect(await shown(ids.stale)).toEqual([]);
  });

  it('hide a snoozed banner for 7 days from the staff member who snoozed it only', async () => {
    const made = await snooze(ids.quiet, 'no_call');
    expect(made).toEqual({ banner: 'no_call', snoozed_until: '2026-03-27T19:00:00.000Z', cause: '2026-03' });
    const mine = await bannersOf(ids.quiet);
    expect(mine.banners.map((b) => b.banner)).toEqual(['no_data']);
    expect(mine.snoozes).toEqual([made]);
    expect(await shown(ids.quiet, c.home.manager.token)).toEqual(['no_call', 'no_data']);
    const [row] = await auditRows(c.db, 'banner.snooze', ids.quiet);
    expect(row).toMatchObject({ actorUserId: c.home.therapist.id, detail: { banner: 'no_call', cause: '2026-03' } });
  });

  it('snoozed again, extend from then', async () => {
    await moveTo('2026-03-21T19:00:00Z');
    expect((await snooze(ids.quiet, 'no_call')).snoozed_until).toBe('2026-03-28T19:00:00.000Z');
    expect(await shown(ids.quiet)).toEqual(['no_data']);
  });

  it('show the banner again when the snooze ends', async () => {
    await moveTo('2026-03-28T18:59:00Z');
    expect(await shown(ids.quiet)).toEqual(['no_data']);
    await moveTo('2026-03-28T19:00:00Z');
    expect(await shown(ids.quiet)).toEqual(['no_call', 'no_data']);
    expect((await bannersOf(ids.quiet)).snoozes).toEqual([]);
  });

  it('show the banner again when its cause changes before the snooze ends', async () => {
    await snooze(ids.quiet, 'no_call');
    await snooze(ids.quiet, 'no_data');
    expect(await shown(ids.quiet)).toEqual([]);
    // A reading of Mar 6 arrives late: still no data for 7 days, but a new last day.
    await c.readings(ids.quiet, 'steps', ['2026-03-06']);
    expect((await bannersOf(ids.quiet)).banners).toEqual([{ banner: 'no_data', cause: '2026-03-06' }]);
    // Mar 31, 23:00 in Los Angeles (already April in UTC): still the clinic's March, still snoozed.
    await moveTo('2026-04-01T06:00:00Z');
    expect(await shown(ids.quiet)).not.toContain('no_call');
    // April there: a new month without a call.
    await moveTo('2026-04-01T19:00:00Z');
    const april = await bannersOf(ids.quiet);
    // (a month without program changes and a new empty window bring their own banners too)
    expect(april.banners).toContainEqual({ banner: 'no_call', cause: '2026-04' });
    expect(april.banners).toContainEqual({ banner: 'no_data', cause: '2026-03-06' });
    expect(april.snoozes).toEqual([]);
  });
});

describe('banner calls refuse', () => {
  it('another clinic’s patient as not found', async () => {
    expectProblem(await c.call.get(snoozesPath(ids.away), c.home.therapist.token), 404);
    expectProblem(await c.call.post(snoozePath(ids.away, 'no_call'), c.home.therapist.token), 404);
  });

  it('a banner or patient id that is not one', async () => {
    expectProblem(await c.call.post(snoozePath(ids.quiet, 'nonsense'), c.home.therapist.token), 400);
    expectProblem(await c.call.get('/user/therapist/banners/abc/snoozes', c.home.therapist.token), 400);
    expectProblem(await c.call.post(snoozePath(0, 'no_call'), c.home.therapist.token), 400);
  });

  it('a patient’s own account', async () => {
    const { token } = await sessionForPatient(c.t, ids.quiet);
    expectProblem(await c.call.get(snoozesPath(ids.quiet), token), 403);
    expectProblem(await c.call.post(snoozePath(ids.quiet, 'no_call'), token), 403);
  });

  it('callers who are not signed in', async () => {
    expectProblem(await c.call.get(snoozesPath(ids.quiet)), 401);
    expectProblem(await c.call.post(snoozePath(ids.quiet, 'no_call')), 401);
  });
});
