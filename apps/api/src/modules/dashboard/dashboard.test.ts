import { type Dashboard, dashboardEndpoints, type PatientListItem, patientEndpoints } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeUser, PASSWORD } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { tasks } from '../../db/schema.ts';

// The therapist dashboard (decision 0903): each figure by hand, whose patients, and agreement with the list.

let c: BilledClinics;
const colleague = { id: 0, email: '', token: '' };
const admin = { id: 0, email: '', token: '' };
const url = dashboardEndpoints.read.path;

async function dashboard(token: string, query = ''): Promise<Dashboard> {
  const res = await c.call.get(`${url}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Moves the clock to `instant` and signs everyone in again (their sessions expire on the way). */
async function moveTo(instant: string) {
  c.t.clock.advanceMinutes((Date.parse(instant) - c.t.clock.now().getTime()) / 60_000);
  for (const user of [c.home.therapist, c.home.manager, c.home.supervisor, colleague, admin]) {
    const res = await c.call.post('/clinic/therapist/signin', undefined, { email: user.email, password: PASSWORD });
    user.token = res.json().token;
  }
}

beforeAll(async () => {
  c = await billedClinics();
  Object.assign(colleague, await makeUser(c.db, c.home.clinic.id, { role: 'therapist' }));
  Object.assign(admin, await makeUser(c.db, c.away.clinic.id, { role: 'admin' }));
  const mine = c.home.therapist.id;
  // Home is in Los Angeles; episodes start Mar 1, 09:00 there. Today will be Mar 20 there.
  const march = '2026-03-01T17:00:00Z';

  // The therapist's patients.
  // 7 data days (ready: 98985), a 5-minute call and 12 monitored minutes: 17 of 20 minutes, close.
  const busy = await c.inEpisode(march, { therapistId: mine });
  await c.readings(busy, 'steps', [...c.days('2026-03-01', 5), '2026-03-18', '2026-03-19']);
  await c.pastCall(busy, { date: '2026-03-03', kind: 'phone', minutes: 5 });
  await c.session(busy, '2026-03-10T18:00:00Z', 12 * 60);
  // One data day on Mar 2 and no call: quiet, needs a call, 1 data day short of 2 (close), not ready.
  const quiet = await c.inEpisode(march, { therapistId: mine });
  await c.readings(quiet, 'painlevel', ['2026-03-02']);
  // Not covered: bills nothing, so counted apart (decision 1240): its 25 minutes are not the figure's, no call is
  // needed, nothing is close or ready; it has recent data.
  const uncovered = await c.inEpisode(march, { therapistId: mine, isCovered: false });
  await c.readings(uncovered, 'steps', c.days('2026-03-15', 5));
  await c.session(uncovered, '2026-03-11T18:00:00Z', 25 * 60);
  // Never in monitoring: registered only, and discharged Mar 10 (ready to bill on the list, not onboarded).
  await c.call.register(c.home.therapist.token);
  const discharged = await c.inEpisode(march, { therapistId: mine, end: '2026-03-10T17:00:00Z' });
  await c.session(discharged, '2026-03-04T18:00:00Z', 20 * 60);
  await c.pastCall(discharged, { date: '2026-03-05', kind: 'phone', minutes: 1 });

  // The colleague's patients.
  // No data since onboarding: quiet, needs a call, close (0 of 2 data days).
  await c.inEpisode(march, { therapistId: colleague.id });
  // 16 data days and a 10-minute call: ready (98977 and 98979), nothing close, no call needed.
  const done = await c.inEpisode(march, { therapistId: colleague.id });
  await c.readings(done, 'steps', c.days('2026-03-01', 16));
  await c.pastCall(done, { date: '2026-03-04', kind: 'video', minutes: 10 });

  // Another clinic's patient in monitoring, quiet and close: never counted at home.
  await c.inEpisode(march, { clinic: c.away });

  // Tasks: mine, nobody's, the colleague's, one done, and the other clinic's.
  const task = { kind: 'manual', title: 'Follow up' };
  await c.db.insert(tasks).values([
    { ...task, clinicId: c.home.clinic.id, assigneeId: mine },
    { ...task, clinicId: c.home.clinic.id, assigneeId: null },
    { ...task, clinicId: c.home.clinic.id, assigneeId: colleague.id },
    { ...task, clinicId: c.home.clinic.id, assigneeId: mine, status: 'done' },
    { ...task, clinicId: c.away.clinic.id, assigneeId: null },
  ]);

  // Now: Mar 21, 05:00 UTC, still Mar 20 (22:00) in Los Angeles: before the reminder period (Mar 25–31).
  await moveTo('2026-03-21T05:00:00Z');
});
afterAll(() => c.t.close());

const mineFigures = {
  patients_in_monitoring: 3,
  minutes_this_month: 17,
  billable: 2,
  not_billable: 1,
  needs_call: 1,
  is_call_reminder_period: false,
  no_data: 1,
  close_to_threshold: 2,
  ready_to_bill: 1,
};
const colleagueFigures = {
  patients_in_monitoring: 2,
  minutes_this_month: 10,
  billable: 2,
  not_billable: 0,
  needs_call: 1,
  is_call_reminder_period: false,
  no_data: 1,
  close_to_threshold: 1,
  ready_to_bill: 1,
};

describe('the figures', () => {
  it('counts a therapist’s own onboarded patients today, with their open tasks', async () => {
    const therapist = c.home.therapist;
    expect(await dashboard(therapist.token)).toEqual({
      today: '2026-03-20',
      therapist: { id: therapist.id, display_name: expect.stringMatching(/^Jamie Tester/) },
      ...mineFigures,
      open_tasks: 2,
    });
    expect(await dashboard(colleague.token)).toMatchObject({ ...colleagueFigures, open_tasks: 2 });
  });

  it('counts the whole clinic for an office manager, and a supervisor’s own patients (none) or the clinic’s', async () => {
    const clinicFigures = {
      today: '2026-03-20',
      therapist: null,
      patients_in_monitoring: 5,
      minutes_this_month: 27,
      billable: 4,
      not_billable: 1,
      needs_call: 2,
      is_call_reminder_period: false,
      no_data: 2,
      close_to_threshold: 3,
      ready_to_bill: 2,
      // Managers and supervisors work the whole clinic's tasks (the tasks panel's default view).
      open_tasks: 3,
    };
    expect(await dashboard(c.home.manager.token)).toEqual(clinicFigures);
    expect(await dashboard(c.home.supervisor.token)).toMatchObject({
      therapist: { id: c.home.supervisor.id },
      patients_in_monitoring: 0,
      minutes_this_month: 0,
      open_tasks: 3,
    });
    expect(await dashboard(c.home.supervisor.token, '?scope=clinic')).toEqual(clinicFigures);
  });

  it('audits the read', async () => {
    await dashboard(c.home.manager.token);
    const rows = await auditRows(c.db, 'dashboard.read');
    expect(rows.at(-1)).toMatchObject({
      outcome: 'success',
      actorUserId: c.home.manager.id,
      clinicId: c.home.clinic.id,
      patientId: null,
    });
  });
});

describe('whose patients', () => {
  it('reads a colleague’s patients by therapist_id, keeping the caller’s own tasks view', async () => {
    expect(await dashboard(c.home.therapist.token, `?therapist_id=${colleague.id}`)).toMatchObject({
      therapist: { id: colleague.id },
      ...colleagueFigures,
      open_tasks: 2,
    });
    expect(await dashboard(c.home.manager.token, `?therapist_id=${c.home.therapist.id}`)).toMatchObject({
      therapist: { id: c.home.therapist.id },
      ...mineFigures,
      open_tasks: 3,
    });
  });

  it('does not find another clinic’s therapist or an unknown id', async () => {
    expectProblem(await c.call.get(`${url}?therapist_id=${c.away.therapist.id}`, c.home.therapist.token), 404);
    expectProblem(await c.call.get(`${url}?therapist_id=99999999`, c.home.manager.token), 404);
  });

  it('refuses an office manager’s id as a therapist, naming the field', async () => {
    const problem = expectProblem(
      await c.call.get(`${url}?therapist_id=${c.home.manager.id}`, c.home.therapist.token),
      400,
    );
    expect(problem.errors?.therapist_id).toBeDefined();
  });

  it('is for clinic staff only', async () => {
    expectProblem(await c.call.get(url, admin.token), 403);
    expectProblem(await c.call.get(url), 401);
  });
});

describe('agreement with the patient list', () => {
  /**
   * The list's count for the query, and the sum of the minutes its rows show: a patient who bills nothing shows
   * only why ("not covered", "no consent"), no minutes.
   */
  async function listed(query: string) {
    const res = await c.call.get(
      `${patientEndpoints.list.path}?page_size=100&status=onboarded${query}`,
      c.home.manager.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; results: PatientListItem[] };
    const shown = body.results.filter((p) => p.rtm?.is_billable);
    return {
      count: body.count,
      minutes: shown.reduce((sum, p) => sum + (p.rtm?.minutes ?? 0), 0),
      calls: body.results.filter((p) => p.call_status?.is_needed).length,
    };
  }

  it('answers for each scope what the list answers for the matching filters', async () => {
    const scopes = [
      { token: c.home.therapist.token, filter: `&therapist_id=${c.home.therapist.id}` },
      { token: colleague.token, filter: `&therapist_id=${colleague.id}` },
      { token: c.home.manager.token, filter: '' },
    ];
    for (const { token, filter } of scopes) {
      const figures = await dashboard(token);
      const all = await listed(filter);
      expect(figures.patients_in_monitoring).toBe(all.count);
      // The minutes add up on the list the figure links to, and on the whole list: its other rows show none.
      const billable = await listed(`${filter}&billable=yes`);
      expect(figures.minutes_this_month).toBe(billable.minutes);
      expect(figures.minutes_this_month).toBe(all.minutes);
      expect(figures.billable).toBe(billable.count);
      expect(figures.not_billable).toBe((await listed(`${filter}&billable=no`)).count);
      // A call is needed only of those who can bill; every row of `call=needed` says so.
      const callNeeded = await listed(`${filter}&call=needed`);
      expect(figures.needs_call).toBe(callNeeded.count);
      expect(figures.needs_call).toBe(callNeeded.calls);
      expect(figures.no_data).toBe((await listed(`${filter}&data=quiet`)).count);
      expect(figures.close_to_threshold).toBe((await listed(`${filter}&rtm=close`)).count);
      expect(figures.ready_to_bill).toBe((await listed(`${filter}&rtm=ready`)).count);
    }
  });
});

describe('the call reminder period', () => {
  it('says so on the month’s last 7 days', async () => {
    await moveTo('2026-03-25T15:00:00Z');
    expect(await dashboard(c.home.therapist.token)).toMatchObject({
      today: '2026-03-25',
      is_call_reminder_period: true,
    });
  });
});
