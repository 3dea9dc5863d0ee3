import { MONITORING_SAVE_INTERVAL_MS, monitoringEndpoints, pathOf } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { monitoringSessions, patients } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const token = home.therapist.token;

const startUrl = monitoringEndpoints.start.path;
const beatUrl = (monitoringId: number) => pathOf(monitoringEndpoints.update, { monitoringId });
const DASHBOARD = 'MONITORING_CODE_PATIENT_DASHBOARD';
const SAVE_S = MONITORING_SAVE_INTERVAL_MS / 1000;

async function patientIn(status: 'registered' | 'onboarded' | 'discharged' | 'removed', by = token) {
  const { id } = await call.register(by);
  await t.database.db.update(patients).set({ status }).where(eq(patients.id, id));
  return id;
}
async function start(patientId: number, by = token) {
  const res = await call.post(startUrl, by, { user_id: patientId });
  if (res.statusCode !== 201) throw new Error(`start failed: ${res.body}`);
  return res.json().id as number;
}
const beat = (id: number, body: object, by = token) => call.put(beatUrl(id), by, { context: DASHBOARD, ...body });
async function row(id: number) {
  const [found] = await t.database.db.select().from(monitoringSessions).where(eq(monitoringSessions.id, id));
  return found!;
}
/** An onboarded patient of the home clinic: each test monitors its own. */
async function freshPatient() {
  return patientIn('onboarded');
}

describe('starting a monitoring session', () => {
  it('answers the new session id for a therapist and a supervisor, audited with the patient', async () => {
    const patientId = await freshPatient();
    const res = await call.post(startUrl, token, { user_id: patientId });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(res.json()).toEqual({ id: expect.any(Number) });
    const stored = await row(id);
    expect(stored).toMatchObject({
      patientId,
      userId: home.therapist.id,
      clinicId: home.clinic.id,
      seconds: 0,
      endedAt: null,
      startedAt: t.clock.now(),
      lastBeatAt: t.clock.now(),
    });
    const audit = await auditRows(t.database.db, 'monitoring.start', patientId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: home.therapist.id, clinicId: home.clinic.id, outcome: 'success' });
    expect(audit[0]!.detail).toMatchObject({ monitoring_id: id });

    const bySupervisor = await call.post(startUrl, home.supervisor.token, { user_id: patientId });
    expect(bySupervisor.statusCode).toBe(201);
  });

  it('keeps the context the start names; a heart-beat that counts names the latest (decision 1221)', async () => {
    const id = (
      await call.post(startUrl, token, { user_id: await freshPatient(), context: 'MONITORING_CODE_MOBILE_CHAT' })
    ).json().id;
    expect(await row(id)).toMatchObject({ context: 'MONITORING_CODE_MOBILE_CHAT', seconds: 0 });
    t.clock.advanceSeconds(10);
    await beat(id, { elapsed_seconds: 0 });
    expect(await row(id)).toMatchObject({ context: 'MONITORING_CODE_MOBILE_CHAT', seconds: 0 });
    await beat(id, { elapsed_seconds: 10, end_reason: 'left' });
    expect(await row(id)).toMatchObject({ context: DASHBOARD, seconds: 10, endReason: 'left' });
  });

  it('names the context of a session started without one at its first heart-beat, counted or not', async () => {
    const id = await start(await freshPatient());
    expect((await row(id)).context).toBeNull();
    t.clock.advanceSeconds(2);
    await beat(id, { elapsed_seconds: 0 });
    expect((await row(id)).context).toBe(DASHBOARD);
    await beat(id, { elapsed_seconds: 0, end_reason: 'left' });
  });

  it('refuses an office manager (403) and stores nothing', async () => {
    const patientId = await freshPatient();
    expectProblem(await call.post(startUrl, home.manager.token, { user_id: patientId }), 403, 'forbidden');
    const rows = await t.database.db
      .select()
      .from(monitoringSessions)
      .where(eq(monitoringSessions.patientId, patientId));
    expect(rows).toEqual([]);
  });

  it('answers 401 to nobody', async () => {
    expectProblem(await call.post(startUrl, undefined, { user_id: 1 }), 401);
  });

  it('does not find another clinic’s patient (404), nor a removed one', async () => {
    const theirs = await patientIn('onboarded', away.therapist.token);
    expectProblem(await call.post(startUrl, token, { user_id: theirs }), 404, 'not_found');
    const removed = await patientIn('removed');
    expectProblem(await call.post(startUrl, token, { user_id: removed }), 404, 'not_found');
    const rows = await t.database.db.select().from(monitoringSessions).where(eq(monitoringSessions.patientId, theirs));
    expect(rows).toEqual([]);
  });

  it.each(['registered', 'discharged'] as const)('answers 409 for a %s patient', async (status) => {
    const patientId = await patientIn(status);
    const problem = expectProblem(await call.post(startUrl, token, { user_id: patientId }), 409, 'conflict');
    expect(problem.detail).toContain(status);
    const rows = await t.database.db
      .select()
      .from(monitoringSessions)
      .where(eq(monitoringSessions.patientId, patientId));
    expect(rows).toEqual([]);
  });

  it('ends the user’s open session at its last heart-beat, so no second is counted twice', async () => {
    const first = await start(await freshPatient());
    t.clock.advanceSeconds(20);
    expect((await beat(first, { elapsed_seconds: 20 })).json()).toMatchObject({ seconds: 20, is_ended: false });
    const lastBeat = t.clock.now();
    t.clock.advanceSeconds(25);
    const secondPatient = await freshPatient();
    const second = await start(secondPatient);

    const ended = await row(first);
    expect(ended).toMatchObject({ endedAt: lastBeat, endReason: 'left', seconds: 20 });
    const audit = (await auditRows(t.database.db, 'monitoring.end')).filter(
      (r) => (r.detail as { monitoring_id: number }).monitoring_id === first,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ reason: 'left', seconds: 20 });

    t.clock.advanceSeconds(10);
    await beat(second, { elapsed_seconds: 10 });
    const next = await row(second);
    // The first session's counted span ends before the second's starts.
    expect(ended.startedAt.getTime() + ended.seconds * 1000).toBeLessThanOrEqual(next.startedAt.getTime());
    expect(ended.endedAt!.getTime()).toBeLessThanOrEqual(next.startedAt.getTime());
    const open = await t.database.db
      .select()
      .from(monitoringSessions)
      .where(eq(monitoringSessions.userId, home.therapist.id));
    expect(open.filter((s) => s.endedAt === null).map((s) => s.id)).toEqual([second]);
    // The replaced session takes no more heart-beats.
    expectProblem(await beat(first, { elapsed_seconds: 60 }), 409, 'conflict');
  });
});

describe('concurrent calls', () => {
  it('serialises one user’s starts and heart-beats: one open session, each second counted once', async () => {
    const patientIds = [await freshPatient(), await freshPatient()];
    const starts = await Promise.all(patientIds.map((id) => call.post(startUrl, token, { user_id: id })));
    expect(starts.map((res) => res.statusCode)).toEqual([201, 201]);
    const mine = await t.database.db
      .select()
      .from(monitoringSessions)
      .where(eq(monitoringSessions.userId, home.therapist.id));
    const open = mine.filter((s) => s.endedAt === null);
    expect(open).toHaveLength(1);
    const id = open[0]!.id;
    t.clock.advanceSeconds(10);
    const beats = await Promise.all([5, 10, 8, 10].map((elapsed) => beat(id, { elapsed_seconds: elapsed })));
    expect(beats.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await row(id)).toMatchObject({ seconds: 10, endedAt: null });
  });
});

describe('heart-beats', () => {
  it('counts the client’s seconds, capped by the server’s clock since the start', async () => {
    const id = await start(await freshPatient());
    t.clock.advanceSeconds(10);
    const res = await beat(id, { elapsed_seconds: 3600 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, seconds: 10, is_ended: false, end_reason: null });
    t.clock.advanceSeconds(SAVE_S);
    expect((await beat(id, { elapsed_seconds: 25 })).json()).toMatchObject({ seconds: 25 });
    expect(await row(id)).toMatchObject({ seconds: 25, lastBeatAt: t.clock.now(), context: DASHBOARD });
    // Heart-beats are not audit-log rows: only the start and the end are.
    const ends = (await auditRows(t.database.db, 'monitoring.end')).filter(
      (r) => (r.detail as { monitoring_id: number }).monitoring_id === id,
    );
    expect(ends).toEqual([]);
  });

  it('counts nothing more for a replayed or older heart-beat', async () => {
    const id = await start(await freshPatient());
    t.clock.advanceSeconds(20);
    await beat(id, { elapsed_seconds: 20 });
    const before = await row(id);
    t.clock.advanceSeconds(5);
    for (const elapsed of [20, 12, 0]) {
      const res = await beat(id, { elapsed_seconds: elapsed });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ seconds: 20, is_ended: false });
    }
    expect(await row(id)).toEqual({ ...before, lastBeatAt: t.clock.now() });
  });

  it('stays open while the clinician reads without touching anything: beats claiming nothing new keep it alive', async () => {
    const id = await start(await freshPatient());
    t.clock.advanceSeconds(5);
    await beat(id, { elapsed_seconds: 5 });
    // Three saves 30 s apart, each claiming only the 5 s up to the last sign of life.
    for (let save = 0; save < 3; save++) {
      t.clock.advanceSeconds(SAVE_S);
      expect((await beat(id, { elapsed_seconds: 5 })).json()).toMatchObject({ seconds: 5, is_ended: false });
    }
    // The clinician moves again: the reading counts, up to the server's own span.
    t.clock.advanceSeconds(SAVE_S);
    expect((await beat(id, { elapsed_seconds: 125 })).json()).toMatchObject({ seconds: 125, is_ended: false });
  });

  it('ends a session whose heart-beats stopped at its last one (409), counting nothing after it', async () => {
    const id = await start(await freshPatient());
    t.clock.advanceSeconds(30);
    await beat(id, { elapsed_seconds: 30 });
    const lastBeat = t.clock.now();
    t.clock.advanceSeconds(SAVE_S + 16);
    // A client whose clock jumped, or that slept, claims the whole span: nothing of it counts.
    const problem = expectProblem(await beat(id, { elapsed_seconds: 76 }), 409, 'conflict');
    expect(problem.detail).toMatch(/last heart-beat/);
    expect(await row(id)).toMatchObject({ endedAt: lastBeat, endReason: 'stale', seconds: 30, lastBeatAt: lastBeat });
    const ends = (await auditRows(t.database.db, 'monitoring.end')).filter(
      (r) => (r.detail as { monitoring_id: number }).monitoring_id === id,
    );
    expect(ends).toHaveLength(1);
    expect(ends[0]!.detail).toMatchObject({ reason: 'stale', seconds: 30 });
    // Ending it late with a reason does not revive it either.
    expectProblem(await beat(id, { elapsed_seconds: 80, end_reason: 'left' }), 409, 'conflict');
  });

  it('takes a heart-beat just inside the slack', async () => {
    const id = await start(await freshPatient());
    t.clock.advanceSeconds(SAVE_S + 15);
    expect((await beat(id, { elapsed_seconds: 45 })).json()).toMatchObject({ seconds: 45, is_ended: false });
  });

  it('ends the session now with the client’s reason, capped by the clock, audited once', async () => {
    const patientId = await freshPatient();
    const id = await start(patientId);
    t.clock.advanceSeconds(12);
    const res = await beat(id, { elapsed_seconds: 500, end_reason: 'idle' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, seconds: 12, is_ended: true, end_reason: 'idle' });
    expect(await row(id)).toMatchObject({ endedAt: t.clock.now(), endReason: 'idle', seconds: 12 });
    const ends = await auditRows(t.database.db, 'monitoring.end', patientId);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ actorUserId: home.therapist.id, clinicId: home.clinic.id, outcome: 'success' });

    // An ended session answers 409 and changes nothing.
    const ended = await row(id);
    t.clock.advanceSeconds(5);
    expectProblem(await beat(id, { elapsed_seconds: 600 }), 409, 'conflict');
    expectProblem(await beat(id, { elapsed_seconds: 600, end_reason: 'left' }), 409, 'conflict');
    expect(await row(id)).toEqual(ended);
    expect(await auditRows(t.database.db, 'monitoring.end', patientId)).toHaveLength(1);
  });

  it('does not find another user’s or another clinic’s session (404) and changes nothing', async () => {
    const patientId = await freshPatient();
    const id = await start(patientId);
    const before = await row(id);
    t.clock.advanceSeconds(5);
    expectProblem(await beat(id, { elapsed_seconds: 5 }, home.supervisor.token), 404, 'not_found');
    expectProblem(await beat(id, { elapsed_seconds: 5, end_reason: 'left' }, away.therapist.token), 404, 'not_found');
    expectProblem(await beat(2_000_000, { elapsed_seconds: 5 }), 404, 'not_found');
    expectProblem(await beat(id, { elapsed_seconds: 5 }, home.manager.token), 403, 'forbidden');
    expect(await row(id)).toEqual(before);
  });

  it.each([
    ['no body', undefined],
    ['no elapsed seconds', { context: DASHBOARD }],
    ['negative seconds', { elapsed_seconds: -1, context: DASHBOARD }],
    ['fractional seconds', { elapsed_seconds: 1.5, context: DASHBOARD }],
    ['seconds as text', { elapsed_seconds: '10', context: DASHBOARD }],
    ['huge seconds', { elapsed_seconds: '__inf__', context: DASHBOARD }],
    ['seconds beyond the range', { elapsed_seconds: 2 ** 31, context: DASHBOARD }],
    ['no context', { elapsed_seconds: 1 }],
    ['an unknown context', { elapsed_seconds: 1, context: 'MONITORING_CODE_ELSEWHERE' }],
    ['an unknown end reason', { elapsed_seconds: 1, context: DASHBOARD, end_reason: 'bored' }],
    ['the server’s own end reason', { elapsed_seconds: 1, context: DASHBOARD, end_reason: 'stale' }],
  ])('answers 400 to a heart-beat with %s, changing nothing', async (_name, body) => {
    const id = await start(await freshPatient());
    t.clock.advanceSeconds(5);
    const before = await row(id);
    const res = await t.app.inject({
      method: 'PUT',
      url: beatUrl(id),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: body === undefined ? '' : JSON.stringify(body).replace('"__inf__"', '1e309'),
    });
    expectProblem(res, 400);
    expect(await row(id)).toEqual(before);
  });

  it.each([
    ['no body', undefined],
    ['no patient', {}],
    ['a patient id as a word', { user_id: 'x' }],
    ['a negative id', { user_id: -1 }],
    ['an id out of range', { user_id: 2 ** 53 }],
    ['an unknown context', { user_id: 1, context: 'MONITORING_CODE_ELSEWHERE' }],
  ])('answers 400 to a start with %s, starting nothing', async (_name, body) => {
    const countBefore = (await t.database.db.select().from(monitoringSessions)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: startUrl,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: body === undefined ? '' : JSON.stringify(body),
    });
    expectProblem(res, 400);
    expect((await t.database.db.select().from(monitoringSessions)).length).toBe(countBefore);
  });

  it.each(['x', '0', '-1', '1.5', '99999999999'])('answers 400 to the session id %s', async (param) => {
    expectProblem(
      await call.put(`/user/therapist/dashboard/monitoring/${param}`, token, {
        elapsed_seconds: 1,
        context: DASHBOARD,
      }),
      400,
    );
  });
});
