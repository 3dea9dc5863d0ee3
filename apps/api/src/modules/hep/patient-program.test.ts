import { randomUUID } from 'node:crypto';
import { hepEndpoints, pathOf, patientProgramEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem, testAppForFile } from '../../../test/helpers.ts';
import { auditRows, makeVideo, sessionForPatient, setClinicTimezone } from '../../../test/hep-support.ts';
import { api, makeStaffedClinic } from '../../../test/patients-support.ts';
import { exerciseLogs, healthMetrics, videos } from '../../db/schema.ts';

const t = await testAppForFile();
const call = api(t.app);
const home = await makeStaffedClinic(t.app, t.database.db);
// 2026-03-02T15:00Z is 07:00 on Monday 2 March in Los Angeles.
await setClinicTimezone(t.database.db, home.clinic.id, 'America/Los_Angeles');

const del = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` }, payload });

/** A patient with a program of the given times a day, and the patient signed in. */
async function patientWithProgram(timesPerDay: number[]) {
  const patientId = (await call.register(home.therapist.token)).id;
  const video = await makeVideo(t.database.db, { clinicId: home.clinic.id, title: 'Heel raise' });
  const res = await call.post(
    pathOf(hepEndpoints.program, { dashboardId: patientId }),
    home.therapist.token,
    timesPerDay.map((times) => ({ video_id: video.id, times_per_day: times, days_per_week: 3 })),
  );
  const hepIds = (res.json().results as { id: number }[]).map((r) => r.id);
  const { token } = await sessionForPatient(t, patientId);
  return { patientId, hepIds, token, videoId: video.id };
}

const logBody = (hepId: number, extra: object = {}) => ({
  hep_id: hepId,
  sets_done: 3,
  client_id: randomUUID(),
  ...extra,
});

describe('logging an exercise', () => {
  it('stores one log and one audit row when the same client id is sent several times at once', async () => {
    const { patientId, hepIds, token } = await patientWithProgram([1]);
    const body = logBody(hepIds[0]!);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call.post(patientProgramEndpoints.logExercise.path, token, body)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
    expect(await auditRows(t.database.db, 'exercise.logged', patientId)).toHaveLength(1);
  });

  it('stores the log on the clinic day, once per client id, and records its pain as a reading', async () => {
    const { patientId, hepIds, token } = await patientWithProgram([1]);
    const body = logBody(hepIds[0]!, { reps_done: 8, pain: 4, difficulty: 'hard', note: 'Tight calf' });
    const res = await call.post(patientProgramEndpoints.logExercise.path, token, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      hep_id: hepIds[0],
      sets_done: 3,
      reps_done: 8,
      pain: 4,
      difficulty: 'hard',
      note: 'Tight calf',
      date: '2026-03-02',
      performed_at: t.clock.now().toISOString(),
      client_id: body.client_id,
    });

    const again = await call.post(patientProgramEndpoints.logExercise.path, token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await t.database.db.select().from(exerciseLogs).where(eq(exerciseLogs.patientId, patientId))).toHaveLength(
      1,
    );

    const readings = await t.database.db.select().from(healthMetrics).where(eq(healthMetrics.patientId, patientId));
    expect(readings).toMatchObject([
      { kind: 'painlevel', value: 4, source: 'manual', localDate: '2026-03-02', measuredAt: t.clock.now() },
    ]);
    expect(await auditRows(t.database.db, 'exercise.logged', patientId)).toMatchObject([{ outcome: 'success' }]);
  });

  it('saves a session at its first set, then updates that one log with each set and a later rating', async () => {
    const { patientId, hepIds, token } = await patientWithProgram([1]);
    const clientId = randomUUID();
    const send = (extra: object) =>
      call.post(
        patientProgramEndpoints.logExercise.path,
        token,
        logBody(hepIds[0]!, { client_id: clientId, ...extra }),
      );
    const logsOf = () => t.database.db.select().from(exerciseLogs).where(eq(exerciseLogs.patientId, patientId));

    const first = await send({ sets_done: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ sets_done: 1, pain: null, difficulty: null });
    const second = await send({ sets_done: 2 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, sets_done: 2 });
    // A late retry of the first set never lowers the count; sent again unchanged, nothing is audited.
    expect((await send({ sets_done: 1 })).json()).toMatchObject({ sets_done: 2 });
    expect((await send({ sets_done: 2 })).statusCode).toBe(200);

    // The rating follows, and a second thought replaces it (the log's pain reading too), never a second reading.
    expect((await send({ sets_done: 2, pain: 5 })).json()).toMatchObject({ sets_done: 2, pain: 5, difficulty: null });
    const rated = await send({ sets_done: 2, pain: 3, difficulty: 'easy' });
    expect(rated.json()).toMatchObject({ id: first.json().id, sets_done: 2, pain: 3, difficulty: 'easy' });
    expect((await send({ sets_done: 2, pain: 3, difficulty: 'easy' })).json()).toEqual(rated.json());

    expect(await logsOf()).toMatchObject([{ setsDone: 2, pain: 3, difficulty: 'easy', localDate: '2026-03-02' }]);
    const readings = await t.database.db.select().from(healthMetrics).where(eq(healthMetrics.patientId, patientId));
    expect(readings).toMatchObject([{ kind: 'painlevel', value: 3, measuredAt: new Date(first.json().performed_at) }]);
    const today = (await call.get(patientProgramEndpoints.today.path, token)).json();
    expect(today).toMatchObject({ done: 1, due: 1 });
    expect(today.items[0]).toMatchObject({ done_today: 1, last_log: { sets_done: 2, client_id: clientId } });
    expect((await auditRows(t.database.db, 'exercise.logged', patientId)).map((row) => row.detail)).toEqual([
      { hep_id: hepIds[0], log_id: first.json().id, sets_done: 1, pain: null, difficulty: null },
      { hep_id: hepIds[0], log_id: first.json().id, sets_done: 2 },
      { hep_id: hepIds[0], log_id: first.json().id, pain: 5 },
      { hep_id: hepIds[0], log_id: first.json().id, pain: 3, difficulty: 'easy' },
    ]);
  });

  it("updates only the patient's own log, and refuses a client id reused for another exercise", async () => {
    const mine = await patientWithProgram([1, 1]);
    const theirs = await patientWithProgram([1]);
    const clientId = randomUUID();
    const path = patientProgramEndpoints.logExercise.path;
    await call.post(path, mine.token, logBody(mine.hepIds[0]!, { client_id: clientId, sets_done: 1 }));

    // Another patient sending the same client id reaches no log of mine: their own exercise gets its own log.
    expectProblem(await call.post(path, theirs.token, logBody(mine.hepIds[0]!, { client_id: clientId, pain: 9 })), 404);
    const own = await call.post(path, theirs.token, logBody(theirs.hepIds[0]!, { client_id: clientId }));
    expect(own.statusCode).toBe(201);

    const reused = expectProblem(
      await call.post(path, mine.token, logBody(mine.hepIds[1]!, { client_id: clientId, sets_done: 2 })),
      409,
    );
    expect(reused.errors?.client_id).toBeDefined();
    expectProblem(
      await call.post(path, mine.token, logBody(mine.hepIds[0]!, { client_id: clientId, pain: 12 })),
      400,
      'validation_failed',
    );
    expect(
      await t.database.db.select().from(exerciseLogs).where(eq(exerciseLogs.patientId, mine.patientId)),
    ).toMatchObject([{ hepItemId: mine.hepIds[0], setsDone: 1, pain: null }]);
  });

  it('dates a log kept on the phone while offline by when it was done, within 7 days', async () => {
    const { hepIds, token } = await patientWithProgram([1]);
    const path = patientProgramEndpoints.logExercise.path;
    const hoursAgo = (hours: number) => new Date(t.clock.now().getTime() - hours * 3_600_000).toISOString();
    const late = await call.post(path, token, logBody(hepIds[0]!, { performed_at: hoursAgo(30) }));
    expect(late.json()).toMatchObject({ date: '2026-03-01', performed_at: hoursAgo(30) });
    for (const performedAt of [hoursAgo(-1), hoursAgo(8 * 24), 'yesterday']) {
      expectProblem(await call.post(path, token, logBody(hepIds[0]!, { performed_at: performedAt })), 400);
    }
  });

  it('dates a log by its age on the phone, so a phone whose clock is off still saves it on the right day', async () => {
    const { hepIds, token } = await patientWithProgram([1, 1]);
    const path = patientProgramEndpoints.logExercise.path;
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(ms).toISOString();
    // A phone two hours fast, sending a session begun ten minutes before by its clock.
    const fast = await call.post(
      path,
      token,
      logBody(hepIds[0]!, { performed_at: at(now + 110 * 60_000), sent_at: at(now + 120 * 60_000) }),
    );
    expect(fast.statusCode, fast.body).toBe(201);
    expect(fast.json().performed_at).toBe(at(now - 10 * 60_000));
    // A phone a day slow, sending a session kept for 30 hours: dated 30 hours back from the server's clock.
    const slow = await call.post(
      path,
      token,
      logBody(hepIds[1]!, { performed_at: at(now - 54 * 3_600_000), sent_at: at(now - 24 * 3_600_000) }),
    );
    expect(slow.json()).toMatchObject({ date: '2026-03-01', performed_at: at(now - 30 * 3_600_000) });
    expectProblem(
      await call.post(
        path,
        token,
        logBody(hepIds[0]!, { performed_at: at(now - 8 * 86_400_000), sent_at: at(now), client_id: randomUUID() }),
      ),
      400,
    );
  });

  it('dates a late-evening log by the clinic timezone, not UTC', async () => {
    const { hepIds, patientId } = await patientWithProgram([1]);
    t.clock.advanceMinutes(16 * 60 + 30); // 2026-03-03T07:30Z is 23:30 on 2 March in Los Angeles
    const { token } = await sessionForPatient(t, patientId);
    const res = await call.post(patientProgramEndpoints.logExercise.path, token, logBody(hepIds[0]!));
    expect(res.json().date).toBe('2026-03-02');
    t.clock.advanceMinutes(-(16 * 60 + 30));
  });

  it('refuses exercises outside the own active program, bad values, and staff', async () => {
    const mine = await patientWithProgram([1, 1]);
    const theirs = await patientWithProgram([1]);
    expectProblem(
      await call.post(patientProgramEndpoints.logExercise.path, mine.token, logBody(theirs.hepIds[0]!)),
      404,
    );
    await del(pathOf(hepEndpoints.program, { dashboardId: mine.patientId }), home.therapist.token, {
      hep_ids: [mine.hepIds[1]],
    });
    expectProblem(await call.post(patientProgramEndpoints.logExercise.path, mine.token, logBody(mine.hepIds[1]!)), 404);
    const bad = [
      logBody(mine.hepIds[0]!, { pain: 11 }),
      logBody(mine.hepIds[0]!, { sets_done: 0 }),
      logBody(mine.hepIds[0]!, { difficulty: 'brutal' }),
      logBody(mine.hepIds[0]!, { client_id: 'not-a-uuid' }),
      { hep_id: mine.hepIds[0] },
    ];
    for (const body of bad) {
      expectProblem(
        await call.post(patientProgramEndpoints.logExercise.path, mine.token, body),
        400,
        'validation_failed',
      );
    }
    const pain = expectProblem(
      await call.post(patientProgramEndpoints.logExercise.path, mine.token, logBody(mine.hepIds[0]!, { pain: -1 })),
      400,
    );
    expect(pain.errors?.pain).toEqual(['Pain is 0 to 10']);
    expectProblem(
      await call.post(patientProgramEndpoints.logExercise.path, home.therapist.token, logBody(mine.hepIds[0]!)),
      403,
    );
    expectProblem(await call.post(patientProgramEndpoints.logExercise.path, undefined, logBody(mine.hepIds[0]!)), 401);
    expect(
      await t.database.db.select().from(exerciseLogs).where(eq(exerciseLogs.patientId, mine.patientId)),
    ).toHaveLength(0);
  });

  it('keeps a video with exercise history even after it left the program', async () => {
    const { patientId, hepIds, token, videoId } = await patientWithProgram([1]);
    await call.post(patientProgramEndpoints.logExercise.path, token, logBody(hepIds[0]!));
    await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), home.therapist.token, { hep_ids: hepIds });
    const refused = expectProblem(await del('/video/delete', home.supervisor.token, { videos: [videoId] }), 409);
    expect(refused.detail).toMatch(/exercise history/);
  });
});

describe("today's exercises", () => {
  it('lists every exercise with what is due and done today, pain and streak', async () => {
    const { patientId, hepIds, token } = await patientWithProgram([2, 1]);
    const empty = (await call.get(patientProgramEndpoints.today.path, token)).json();
    expect(empty).toMatchObject({ date: '2026-03-02', done: 0, due: 3, pain_today: null, streak: 0 });
    expect(empty.items.map((i: { due_today: number; last_log: unknown }) => [i.due_today, i.last_log])).toEqual([
      [2, null],
      [1, null],
    ]);

    // Yesterday's log starts a streak; today the second item is done twice, more than asked.
    t.clock.advanceMinutes(-24 * 60);
    let session = await sessionForPatient(t, patientId);
    await call.post(patientProgramEndpoints.logExercise.path, session.token, logBody(hepIds[0]!));
    t.clock.advanceMinutes(24 * 60);
    session = await sessionForPatient(t, patientId);
    await call.post(patientProgramEndpoints.logExercise.path, session.token, logBody(hepIds[1]!, { pain: 6 }));
    t.clock.advanceMinutes(10);
    const last = await call.post(
      patientProgramEndpoints.logExercise.path,
      session.token,
      logBody(hepIds[1]!, { pain: 3 }),
    );

    const today = (await call.get(patientProgramEndpoints.today.path, session.token)).json();
    expect(today).toMatchObject({ date: '2026-03-02', done: 1, due: 3, pain_today: 3, streak: 2 });
    expect(today.items[0]).toMatchObject({ id: hepIds[0], done_today: 0, due_today: 2, days_per_week: 3 });
    expect(today.items[0].last_log.date).toBe('2026-03-01');
    expect(today.items[1]).toMatchObject({ id: hepIds[1], done_today: 2, due_today: 1 });
    expect(today.items[1].last_log).toEqual(last.json());
    expect(today.items[1].video.play_url).toMatch(/sig=/);
    expect((await auditRows(t.database.db, 'hep.read', patientId)).at(-1)).toMatchObject({
      actorUserId: session.userId,
      outcome: 'success',
    });
    expect(token).not.toBe(session.token);
  });

  it("gives each exercise its video's instructions, and the Spanish title and instructions when staff wrote them", async () => {
    const { token, videoId } = await patientWithProgram([1]);
    await t.database.db
      .update(videos)
      .set({
        description: 'Rise onto your toes.',
        titleEs: 'Elevación de talones',
        descriptionEs: 'Póngase de puntillas.',
      })
      .where(eq(videos.id, videoId));
    const today = (await call.get(patientProgramEndpoints.today.path, token)).json();
    expect(today.items[0].video).toMatchObject({
      title: 'Heel raise',
      description: 'Rise onto your toes.',
      title_es: 'Elevación de talones',
      description_es: 'Póngase de puntillas.',
    });
  });

  it('is for patients only', async () => {
    expectProblem(await call.get(patientProgramEndpoints.today.path, home.therapist.token), 403);
    expectProblem(await call.get(patientProgramEndpoints.today.path), 401);
  });
});
