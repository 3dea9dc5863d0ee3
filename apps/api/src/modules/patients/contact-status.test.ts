import { type PatientDetail, type PatientListItem, pathOf, patientEndpoints } from '@rehabit/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/factories.ts';
import { type MonitoredClinics, monitoredClinics } from '../../../test/monitoring-support.ts';
import { chatSessions, patientEpisodes, patients } from '../../db/schema.ts';

let c: MonitoredClinics;
const ids = {} as Record<
  'called' | 'lastMonth' | 'deleted' | 'quiet' | 'registered' | 'away' | 'uncovered' | 'newcomer',
  number
>;
const DAY = 86_400_000;

/** Moves the test clock to an instant and signs the staff in again (their sign-ins expire meanwhile). */
async function setNow(iso: string) {
  c.t.clock.advanceMinutes((Date.parse(iso) - c.t.clock.now().getTime()) / 60_000);
  for (const user of [c.home.therapist, c.away.therapist]) {
    const res = await c.call.post('/clinic/therapist/signin', undefined, { email: user.email, password: PASSWORD });
    user.token = res.json().token;
  }
}

/** The patient chat of `patientId` with the patient's last message `daysAgo` days before now. */
async function wrote(patientId: number, daysAgo: number, clinicId = c.home.clinic.id) {
  const at = new Date(c.t.clock.now().getTime() - daysAgo * DAY);
  await c.t.database.db
    .insert(chatSessions)
    .values({ clinicId, kind: 'patient', patientId, lastMessageAt: at, lastPatientMessageAt: at });
}

async function listed(query = '', token = c.home.therapist.token) {
  const res = await c.call.get(`${patientEndpoints.list.path}?page_size=100${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { count: number; results: PatientListItem[] };
  return { count: body.count, ids: body.results.map((p) => p.id), byId: new Map(body.results.map((p) => [p.id, p])) };
}

beforeAll(async () => {
  c = await monitoredClinics();
  // Home is in Los Angeles. Mar 24, 23:00 there (Mar 25, 06:00 UTC): the day before the reminder period.
  await setNow('2026-03-25T06:00:00Z');
  ids.called = await c.onboarded();
  await c.pastCall(ids.called, { date: '2026-03-03', kind: 'video', minutes: 5 });
  await wrote(ids.called, 2);
  ids.lastMonth = await c.onboarded();
  await c.pastCall(ids.lastMonth, { date: '2026-02-27', kind: 'phone', minutes: 5 });
  await wrote(ids.lastMonth, 10);
  ids.deleted = await c.onboarded();
  const logId = await c.pastCall(ids.deleted, { date: '2026-03-05', kind: 'phone', minutes: 5 });
  const res = await c.call.post(
    pathOf(patientEndpoints.deleteInteraction, { id: ids.deleted }),
    c.home.therapist.token,
    {
      log: logId,
    },
  );
  expect(res.statusCode, res.body).toBe(204);
  ids.quiet = await c.onboarded();
  await wrote(ids.quiet, 40);
  ids.registered = (await c.call.register(c.home.therapist.token)).id;
  ids.away = await c.onboarded(c.away);
  // Covered for RTM and consented: a missing call is needed. The one left uncovered bills nothing (decision 1240).
  ids.uncovered = await c.onboarded();
  const billable = [ids.called, ids.lastMonth, ids.deleted, ids.quiet, ids.registered, ids.away];
  await c.t.database.db
    .update(patients)
    .set({ isRtmCovered: true, consentDate: '2026-03-01' })
    .where(inArray(patients.id, billable));
  // One more whose care began now (an episode opened today) and who has not written yet.
  ids.newcomer = await c.onboarded();
  await c.t.database.db.insert(patientEpisodes).values({
    patientId: ids.newcomer,
    clinicId: c.home.clinic.id,
    diagnosis: 'M54.50',
    therapistId: c.home.therapist.id,
    startedAt: c.t.clock.now(),
  });
});
afterAll(() => c.t.close());

describe('call status and chat freshness on the patient list (decision 0901)', () => {
  it('gives each onboarded patient its call status and chat freshness; others have none', async () => {
    const { byId } = await listed();
    const of = (id: number) => ({ call: byId.get(id)?.call_status, chat: byId.get(id)?.chat_freshness });
    expect(of(ids.called)).toEqual({
      call: { status: 'CALL_OK', is_needed: false, needs_reminder: false },
      chat: 'CHAT_RECENT',
    });
    expect(of(ids.lastMonth)).toEqual({
      call: { status: 'CALL_NOK', is_needed: true, needs_reminder: false },
      chat: null,
    });
    expect(of(ids.deleted)).toEqual({
      call: { status: 'CALL_NOK', is_needed: true, needs_reminder: false },
      chat: 'CHAT_OUTDATED',
    });
    expect(of(ids.quiet)).toEqual({
      call: { status: 'CALL_NOK', is_needed: true, needs_reminder: false },
      chat: 'CHAT_OUTDATED',
    });
    expect(of(ids.registered)).toEqual({ call: null, chat: null });
    // Onboarded today and not written yet: not quiet, only new (decision 0901).
    expect(of(ids.newcomer).chat).toBeNull();
    expect(of(ids.uncovered).call).toEqual({ status: 'CALL_NOK', is_needed: false, needs_reminder: false });
    expect(byId.has(ids.away)).toBe(false);
  });

  it('filters call=needed and chat=outdated before paging, in the clinic only', async () => {
    const needed = await listed('&call=needed');
    expect(new Set(needed.ids)).toEqual(new Set([ids.lastMonth, ids.deleted, ids.quiet]));
    expect(needed.count).toBe(3);
    const outdated = await listed('&chat=outdated');
    // Quiet in chat whatever the coverage; only the call is a matter of billing.
    expect(new Set(outdated.ids)).toEqual(new Set([ids.deleted, ids.quiet, ids.uncovered]));
    const both = await listed('&call=needed&chat=outdated&search=Maria');
    expect(new Set(both.ids)).toEqual(new Set([ids.deleted, ids.quiet]));

    const pages = [1, 2].map((page) =>
      c.call.get(`${patientEndpoints.list.path}?call=needed&page_size=2&page=${page}`, c.home.therapist.token),
    );
    const [first, second] = (await Promise.all(pages)).map(
      (r) => r.json() as { count: number; results: { id: number }[] },
    );
    expect([first!.count, first!.results.length, second!.results.length]).toEqual([3, 2, 1]);
    expect(new Set([...first!.results, ...second!.results].map((p) => p.id))).toEqual(new Set(needed.ids));

    expect((await listed('&call=needed', c.away.therapist.token)).ids).toEqual([ids.away]);
  });

  it('refuses an unknown filter value', async () => {
    const res = await c.call.get(`${patientEndpoints.list.path}?call=ok`, c.home.therapist.token);
    expect(res.statusCode).toBe(400);
  });

  it('shows the reminder from the month’s last 7 days in the clinic’s calendar, on the list and the patient read', async () => {
    // Mar 25, 01:00 in Los Angeles: the reminder period (Mar 25–31) has begun there.
    await setNow('2026-03-25T08:00:00Z');
    const { byId } = await listed();
    expect(byId.get(ids.lastMonth)?.call_status).toEqual({ status: 'CALL_NOK', is_needed: true, needs_reminder: true });
    expect(byId.get(ids.called)?.call_status).toEqual({ status: 'CALL_OK', is_needed: false, needs_reminder: false });

    const res = await c.call.get(pathOf(patientEndpoints.detail, { id: ids.quiet }), c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as PatientDetail).toMatchObject({
      id: ids.quiet,
      call_status: { status: 'CALL_NOK', is_needed: true, needs_reminder: true },
      chat_freshness: 'CHAT_OUTDATED',
    });
    const registered = await c.call.get(
      pathOf(patientEndpoints.detail, { id: ids.registered }),
      c.home.therapist.token,
    );
    expect(registered.json()).toMatchObject({ call_status: null, chat_freshness: null });
    const away = await c.call.get(pathOf(patientEndpoints.detail, { id: ids.quiet }), c.away.therapist.token);
    expect(away.statusCode).toBe(404);
  });

  it('starts a new month with no call: a March call no longer counts in April', async () => {
    // Apr 1, 00:30 in Los Angeles.
    await setNow('2026-04-01T07:30:00Z');
    const { byId } = await listed('&call=needed');
    expect(byId.has(ids.uncovered)).toBe(false);
    expect(byId.get(ids.called)?.call_status).toEqual({ status: 'CALL_NOK', is_needed: true, needs_reminder: false });
  });
});
