import { HEP_MAX_ITEMS, hepEndpoints, pathOf } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, makeFolder, makeVideo, sessionForPatient } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { hepItems, patients } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const token = home.therapist.token;

const del = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` }, payload });

type Program = {
  results: { id: number; video_id: number; order: number; sets: number; reps: number; folder_id: number | null }[];
  count: number;
  updated_at: string | null;
};

async function newPatient() {
  return (await call.register(token)).id;
}
async function clinicVideo(overrides: Parameters<typeof makeVideo>[1] | object = {}) {
  return makeVideo(t.database.db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id, ...overrides });
}
async function add(patientId: number, body: object[]) {
  const res = await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, body);
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.body}`);
  return res.json() as Program;
}

describe('reading and adding to a program', () => {
  it('adds videos with their sets and reps and the program defaults, in order, with signed links', async () => {
    const patientId = await newPatient();
    const empty = await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token);
    expect(empty.json()).toEqual({ results: [], count: 0, updated_at: null });

    const squat = await clinicVideo({ sets: 2, reps: 12, title: 'Squat' });
    const global = await makeVideo(t.database.db, { clinicId: null, sets: 4, reps: 8 });
    const res = await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, [
      { video_id: squat.id },
      { video_id: global.id, sets: 1, reps: 5, hold_seconds: 30, times_per_day: 2, description: 'Slowly' },
    ]);
    expect(res.statusCode).toBe(201);
    const program = res.json();
    expect(program.count).toBe(2);
    expect(program.updated_at).toBe(t.clock.now().toISOString());
    expect(program.results[0]).toMatchObject({
      video_id: squat.id,
      order: 0,
      sets: 2,
      reps: 12,
      hold_seconds: 0,
      times_per_day: 1,
      days_per_week: 7,
      description: '',
      folder_id: null,
      video: { title: 'Squat', status: 'ready' },
    });
    expect(program.results[0].video.play_url).toMatch(/^\/video-host\/play\/.+sig=/);
    expect(program.results[0].video.poster_url).toMatch(/^\/video-host\/poster\/.+sig=/);
    expect(program.results[1]).toMatchObject({ video_id: global.id, order: 1, sets: 1, reps: 5, hold_seconds: 30 });

    const added = await auditRows(t.database.db, 'hep.added', patientId);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ outcome: 'success', actorUserId: home.therapist.id });

    const read = await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), home.manager.token);
    expect(read.json().results.map((r: { video_id: number }) => r.video_id)).toEqual([squat.id, global.id]);
    expect(await auditRows(t.database.db, 'hep.read', patientId)).toHaveLength(2);
  });

  it('adds a folder as all its videos in the folder order, labelled with the folder', async () => {
    const patientId = await newPatient();
    const [a, b, c] = [await clinicVideo(), await clinicVideo(), await clinicVideo()];
    const failed = await clinicVideo({ status: 'failed' });
    // A colleague's shared folder is usable; the videos keep the order they were added in.
    const folder = await makeFolder(
      t.database.db,
      { clinicId: home.clinic.id, userId: home.manager.id },
      [c.id, a.id, failed.id, b.id],
      { name: 'Knee week 1', isShared: true },
    );
    const program = await add(patientId, [{ folder_id: folder.id, reps: 15 }]);
    expect(program.results.map((r) => r.video_id)).toEqual([c.id, a.id, b.id]);
    expect(program.results.every((r) => r.folder_id === folder.id && r.reps === 15)).toBe(true);
    expect(program.results[0]).toMatchObject({ folder_name: 'Knee week 1' });
  });

  it('inserts at the given order, moving later exercises down', async () => {
    const patientId = await newPatient();
    const [a, b, c] = [await clinicVideo(), await clinicVideo(), await clinicVideo()];
    await add(patientId, [{ video_id: a.id }, { video_id: b.id }]);
    const program = await add(patientId, [{ video_id: c.id, order: 1 }]);
    expect(program.results.map((r) => [r.video_id, r.order])).toEqual([
      [a.id, 0],
      [c.id, 1],
      [b.id, 2],
    ]);
  });

  it('refuses unusable videos and folders and adds nothing', async () => {
    const patientId = await newPatient();
    const good = await clinicVideo();
    const failed = await clinicVideo({ status: 'failed' });
    const otherClinics = await makeVideo(t.database.db, { clinicId: away.clinic.id });
    const privateFolder = await makeFolder(t.database.db, { clinicId: home.clinic.id, userId: home.manager.id }, [
      good.id,
    ]);
    const emptyFolder = await makeFolder(t.database.db, { clinicId: home.clinic.id, userId: home.therapist.id }, []);

    expectProblem(
      await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, [{ video_id: otherClinics.id }]),
      404,
    );
    expectProblem(
      await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, [
        { folder_id: privateFolder.id },
      ]),
      404,
    );
    const bad = expectProblem(
      await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, [
        { video_id: good.id },
        { video_id: failed.id },
      ]),
      400,
      'validation_failed',
    );
    expect(bad.errors?.['1.video_id']?.[0]).toMatch(/could not be processed/);
    const empty = expectProblem(
      await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, [{ folder_id: emptyFolder.id }]),
      400,
    );
    expect(empty.errors?.['0.folder_id']).toBeDefined();
    for (const body of [
      [],
      [{}],
      [{ video_id: good.id, folder_id: emptyFolder.id }],
      [{ video_id: good.id, sets: 0 }],
      {},
    ]) {
      expectProblem(
        await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, body as object),
        400,
        'validation_failed',
      );
    }
    expect((await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token)).json().count).toBe(0);
  });

  it(`caps a program at ${HEP_MAX_ITEMS} exercises`, async () => {
    const patientId = await newPatient();
    const video = await clinicVideo();
    await add(
      patientId,
      Array.from({ length: HEP_MAX_ITEMS - 1 }, () => ({ video_id: video.id })),
    );
    const over = expectProblem(
      await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, [
        { video_id: video.id },
        { video_id: video.id },
      ]),
      409,
      'conflict',
    );
    expect(over.detail).toMatch(`at most ${HEP_MAX_ITEMS}`);
    expect((await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token)).json().count).toBe(
      HEP_MAX_ITEMS - 1,
    );
    await add(patientId, [{ video_id: video.id }]);
  });
});

describe('who may work on a program', () => {
  it('refuses patients, signed-out callers, other clinics and removed patients', async () => {
    const patientId = await newPatient();
    const video = await clinicVideo();
    const program = await add(patientId, [{ video_id: video.id }]);
    const hepId = program.results[0]!.id;
    const patient = await sessionForPatient(t, patientId);

    expectProblem(await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId })), 401);
    for (const who of [patient.token]) {
      expectProblem(await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), who), 403);
      expectProblem(
        await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), who, [{ video_id: video.id }]),
        403,
      );
      expectProblem(
        await call.patch(pathOf(hepEndpoints.update, { dashboardId: patientId, hepId }), who, { sets: 2 }),
        403,
      );
      expectProblem(
        await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), who, { hep_ids: [hepId] }),
        403,
      );
      expectProblem(await call.post(pathOf(hepEndpoints.restore, { id: hepId }), who), 403);
      expectProblem(await call.post(hepEndpoints.setOrder.path, who, { hep_ids: [hepId] }), 403);
    }

    const stranger = away.therapist.token;
    const before = (await auditRows(t.database.db, 'hep.read')).length;
    expectProblem(await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), stranger), 404);
    const denied = (await auditRows(t.database.db, 'hep.read')).slice(before);
    expect(denied).toMatchObject([{ outcome: 'denied', actorUserId: away.therapist.id }]);
    expectProblem(
      await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), stranger, [{ video_id: video.id }]),
      404,
    );
    expectProblem(
      await call.patch(pathOf(hepEndpoints.update, { dashboardId: patientId, hepId }), stranger, { sets: 2 }),
      404,
    );
    expectProblem(
      await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), stranger, { hep_ids: [hepId] }),
      404,
    );
    expectProblem(await call.post(pathOf(hepEndpoints.restore, { id: hepId }), stranger), 404);
    expectProblem(await call.post(hepEndpoints.setOrder.path, stranger, { hep_ids: [hepId] }), 404);
    expect(
      (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token)).json().results[0],
    ).toMatchObject({ sets: 3 });

    await t.database.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, patientId));
    expectProblem(await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token), 404);
    expectProblem(
      await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, [{ video_id: video.id }]),
      404,
    );
  });

  it('lets the supervisor and an admin work on the program', async () => {
    const patientId = await newPatient();
    const video = await clinicVideo();
    await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), home.supervisor.token, [
      { video_id: video.id },
    ]);
    expect(
      (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), home.supervisor.token)).json().count,
    ).toBe(1);
  });
});

describe('changing a program', () => {
  it('updates the dosage of one exercise and moves the last change', async () => {
    const patientId = await newPatient();
    const program = await add(patientId, [{ video_id: (await clinicVideo()).id }]);
    const hepId = program.results[0]!.id;
    t.clock.advanceMinutes(5);
    const res = await call.patch(pathOf(hepEndpoints.update, { dashboardId: patientId, hepId }), token, {
      sets: 4,
      reps: 6,
      description: 'Keep the knee over the toes',
      times_per_day: 3,
      days_per_week: 5,
      hold_seconds: 10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: hepId, sets: 4, reps: 6, times_per_day: 3, days_per_week: 5 });
    expect(res.json().updated_at).toBe(t.clock.now().toISOString());
    const after = (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token)).json();
    expect(after.updated_at).toBe(t.clock.now().toISOString());
    expect(await auditRows(t.database.db, 'hep.updated', patientId)).toMatchObject([{ outcome: 'success' }]);

    expectProblem(await call.patch(pathOf(hepEndpoints.update, { dashboardId: patientId, hepId }), token, {}), 400);
    expectProblem(
      await call.patch(pathOf(hepEndpoints.update, { dashboardId: patientId, hepId }), token, { reps: 101 }),
      400,
    );
    expectProblem(
      await call.patch(pathOf(hepEndpoints.update, { dashboardId: patientId, hepId }), token, { times_per_day: 0 }),
      400,
    );
    const otherPatient = await newPatient();
    expectProblem(
      await call.patch(pathOf(hepEndpoints.update, { dashboardId: otherPatient, hepId }), token, { sets: 1 }),
      404,
    );
    expect(
      (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token)).json().results[0].sets,
    ).toBe(4);
  });

  it('deletes softly and restores an exercise to its old place', async () => {
    const patientId = await newPatient();
    const videos = [await clinicVideo(), await clinicVideo(), await clinicVideo()];
    const program = await add(
      patientId,
      videos.map((v) => ({ video_id: v.id })),
    );
    const [first, second, third] = program.results.map((r) => r.id);
    const res = await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: [second] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: [second] });
    const [row] = await t.database.db.select().from(hepItems).where(eq(hepItems.id, second!));
    expect(row!.deletedAt).not.toBeNull();
    expect(
      (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token))
        .json()
        .results.map((r: { id: number }) => r.id),
    ).toEqual([first, third]);
    expectProblem(
      await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: [second] }),
      404,
    );
    expectProblem(await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: [] }), 400);
    expectProblem(
      await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: [first, first] }),
      400,
    );

    const restored = await call.post(pathOf(hepEndpoints.restore, { id: second! }), token);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: second, order: 1 });
    const again = await call.post(pathOf(hepEndpoints.restore, { id: second! }), token);
    expect(again.json()).toMatchObject({ id: second, order: 1 });
    expect(
      (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token))
        .json()
        .results.map((r: { id: number }) => r.id),
    ).toEqual([first, second, third]);
    expect(await auditRows(t.database.db, 'hep.deleted', patientId)).toHaveLength(1);
    expect(await auditRows(t.database.db, 'hep.restored', patientId)).toHaveLength(1);
    expectProblem(await call.post(pathOf(hepEndpoints.restore, { id: 999_999 }), token), 404);
  });

  it('restores at the end when the program got shorter, and never past the cap', async () => {
    const patientId = await newPatient();
    const video = await clinicVideo();
    const program = await add(
      patientId,
      Array.from({ length: HEP_MAX_ITEMS }, () => ({ video_id: video.id })),
    );
    const ids = program.results.map((r) => r.id);
    await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: ids.slice(40) });
    await add(
      patientId,
      Array.from({ length: 20 }, () => ({ video_id: video.id })),
    );
    expectProblem(await call.post(pathOf(hepEndpoints.restore, { id: ids[50]! }), token), 409, 'conflict');
    const latest = (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token))
      .json()
      .results.map((r: { id: number }) => r.id);
    await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: latest.slice(10) });
    const back = await call.post(pathOf(hepEndpoints.restore, { id: ids[50]! }), token);
    expect(back.json()).toMatchObject({ id: ids[50], order: 10 });
  });

  it('reorders the whole program and nothing less or more', async () => {
    const patientId = await newPatient();
    const otherPatient = await newPatient();
    const videos = [await clinicVideo(), await clinicVideo(), await clinicVideo()];
    const ids = (
      await add(
        patientId,
        videos.map((v) => ({ video_id: v.id })),
      )
    ).results.map((r) => r.id);
    const foreign = (await add(otherPatient, [{ video_id: videos[0]!.id }])).results[0]!.id;
    t.clock.advanceMinutes(1);
    const res = await call.post(hepEndpoints.setOrder.path, token, { hep_ids: [ids[2], ids[0], ids[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { id: number; order: number }) => [r.id, r.order])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect(res.json().updated_at).toBe(t.clock.now().toISOString());
    expect(await auditRows(t.database.db, 'hep.reordered', patientId)).toHaveLength(1);

    const missing = expectProblem(
      await call.post(hepEndpoints.setOrder.path, token, { hep_ids: [ids[0], ids[1]] }),
      400,
    );
    expect(missing.errors?.hep_ids?.[0]).toMatch(/whole program/);
    expectProblem(await call.post(hepEndpoints.setOrder.path, token, { hep_ids: [...ids, foreign] }), 400);
    expectProblem(await call.post(hepEndpoints.setOrder.path, token, { hep_ids: [ids[0], ids[0]] }), 400);
    expectProblem(await call.post(hepEndpoints.setOrder.path, token, { hep_ids: [999_999] }), 404);
    await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: [ids[1]] });
    expectProblem(await call.post(hepEndpoints.setOrder.path, token, { hep_ids: ids }), 400);
    const unchanged = (await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), token)).json();
    expect(unchanged.results.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[0]]);
  });
});

describe('deleting a video used by programs', () => {
  it('refuses while a program uses it and releases deleted items nobody logged', async () => {
    const patientId = await newPatient();
    const video = await clinicVideo();
    const hepId = (await add(patientId, [{ video_id: video.id }])).results[0]!.id;
    const refused = expectProblem(await del('/video/delete', token, { videos: [video.id] }), 409, 'conflict');
    expect(refused.detail).toMatch(/home exercise program/);

    await del(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, { hep_ids: [hepId] });
    const res = await del('/video/delete', token, { videos: [video.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(hepItems).where(eq(hepItems.id, hepId))).toEqual([]);
  });
});
