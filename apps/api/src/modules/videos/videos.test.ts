import { VIDEO_DEFAULTS } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents } from '../../db/schema.ts';
import { uploadSignature } from '../../video-host/signature.ts';

const del = (url: string, token: string, payload?: object) =>
  t.app.inject({
    method: 'DELETE',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const { t, call, home, away } = await twoClinicsForFile();
const adminToken = (await signedInAdmin(t, home.clinic.id)).token;

const createVideo = async (token: string, body: object = {}) => {
  const res = await call.post('/video/create_by_therapist', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; video_id: string; library_id: string; signature: string; expiration: number };
};

describe('creating a video', () => {
  it('answers the upload credentials of decision 0200 and applies the defaults of decision 1311', async () => {
    const created = await createVideo(home.therapist.token);
    expect(created).toMatchObject({ title: 'Untitled Video', library_id: String(home.clinic.id), upload_url: '/tus/' });
    expect(created.signature).toBe(
      uploadSignature(created.library_id, 'rehabit-development-video-secret', created.expiration, created.video_id),
    );
    expect(created.expiration).toBeGreaterThan(t.clock.now().getTime() / 1000);
    const video = (await call.get(`/video/${created.id}`, home.therapist.token)).json();
    const { title, body_part, purpose, position, position_title, equipment, reps, sets } = video;
    expect({ title, body_part, purpose, position, position_title, equipment, reps, sets }).toEqual({
      title: VIDEO_DEFAULTS.title,
      body_part: 'Other',
      purpose: 'Other',
      position: 'Other',
      position_title: 'Position: Supine to Standing',
      equipment: '-',
      reps: 1,
      sets: 1,
    });
    expect(video).toMatchObject({ unhealthy_body_part: '-', purpose_of_treatment: '-', description: '-' });
    expect(video).toMatchObject({ status: 'uploading', play_url: null, library: 'clinic', can_edit: true });
  });

  it.each([
    ['an unknown body part', { body_part: 'Tail' }, 'body_part'],
    ['zero reps', { reps: 0 }, 'reps'],
    ['an empty title', { title: '  ' }, 'title'],
    ['a title as a number', { title: 5 }, 'title'],
  ])('refuses %s', async (_l, body, field) => {
    const problem = expectProblem(await call.post('/video/create_by_therapist', home.therapist.token, body), 400);
    expect(Object.keys(problem.errors ?? {})).toContain(field);
  });

  it('is for staff only', async () => {
    expectProblem(await call.post('/video/create_by_therapist', undefined, {}), 401);
  });

  it('puts an admin upload into the global library', async () => {
    const created = await createVideo(adminToken, { title: 'Global bridge' });
    expect(created.library_id).toBe('0');
    const seen = (await call.get(`/video/${created.id}`, away.therapist.token)).json();
    expect(seen).toMatchObject({ library: 'global', can_edit: false });
    expectProblem(await call.patch(`/video/${created.id}`, away.therapist.token, { title: 'Mine now' }), 403);
    expect((await call.patch(`/video/${created.id}`, adminToken, { title: 'Glute bridge' })).json().title).toBe(
      'Glute bridge',
    );
  });
});

describe('a video in Spanish', () => {
  it('carries an optional Spanish title and instructions, edited with the English ones and audited', async () => {
    const created = await createVideo(home.therapist.token, { title: 'Heel Slides', description: 'Slide your heel.' });
    expect((await call.get(`/video/${created.id}`, home.therapist.token)).json()).toMatchObject({
      title_es: '',
      description_es: '',
    });
    const patched = await call.patch(`/video/${created.id}`, home.therapist.token, {
      title_es: '  Deslizamiento de talón ',
      description_es: 'Deslice el talón.',
    });
    expect(patched.statusCode).toBe(200);
    expect((await call.get(`/video/${created.id}`, home.therapist.token)).json()).toMatchObject({
      title: 'Heel Slides',
      title_es: 'Deslizamiento de talón',
      description_es: 'Deslice el talón.',
    });
    const problem = expectProblem(
      await call.patch(`/video/${created.id}`, home.therapist.token, { title_es: 'x'.repeat(121) }),
      400,
    );
    expect(Object.keys(problem.errors ?? {})).toEqual(['title_es']);
    // Emptied, the patient reads the English again.
    await call.patch(`/video/${created.id}`, home.therapist.token, { title_es: '' });
    expect((await call.get(`/video/${created.id}`, home.therapist.token)).json().title_es).toBe('');
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'video.update'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the library', () => {
  it('filters, searches, scopes and pages server-side', async () => {
    await createVideo(home.therapist.token, { title: 'Clamshell', body_part: 'Hip', position: 'Side-lying' });
    await createVideo(home.manager.token, { title: 'Chin tucks', body_part: 'Neck', purpose: 'Mobility' });
    await createVideo(away.therapist.token, { title: 'Clamshell away', body_part: 'Hip' });
    const hips = (await call.get('/video/list?body_part=Hip', home.therapist.token)).json();
    expect(hips.results.map((v: { title: string }) => v.title)).toEqual(['Clamshell']);
    expect((await call.get('/video/list?search=CHIN', home.therapist.token)).json().count).toBe(1);
    const mine = (await call.get('/video/list?scope=mine', home.manager.token)).json();
    expect(mine.results.map((v: { title: string }) => v.title)).toEqual(['Chin tucks']);
    const global = (await call.get('/video/list?scope=global', home.therapist.token)).json();
    expect(global.results.every((v: { library: string }) => v.library === 'global')).toBe(true);
    const paged = (await call.get('/video/list?page_size=1&page=2', home.therapist.token)).json();
    expect(paged).toMatchObject({ previous: 1, results: [expect.any(Object)] });
    expectProblem(await call.get('/video/list?page_size=101', home.therapist.token), 400);
    expectProblem(await call.get('/video/list?scope=everything', home.therapist.token), 400);
  });

  it("answers 404 for another clinic's video, and records the attempt", async () => {
    const theirs = await createVideo(away.therapist.token, { title: 'Private' });
    expectProblem(await call.get(`/video/${theirs.id}`, home.therapist.token), 404);
    expectProblem(await call.patch(`/video/${theirs.id}`, home.supervisor.token, { title: 'x' }), 404);
    expectProblem(await del('/video/delete', home.supervisor.token, { videos: [theirs.id] }), 404);
    const denied = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'video.read'));
    expect(denied.some((e) => e.outcome === 'denied')).toBe(true);
  });

  it('lets the owner and the supervisor edit and delete, not a colleague', async () => {
    const v = await createVideo(home.therapist.token, { title: 'Heel slides' });
    expectProblem(await call.patch(`/video/${v.id}`, home.manager.token, { title: 'x' }), 403);
    expect((await call.patch(`/video/${v.id}`, home.supervisor.token, { reps: 10, sets: 3 })).json()).toMatchObject({
      reps: 10,
      sets: 3,
    });
    expectProblem(await del('/video/delete', home.manager.token, { videos: [v.id] }), 403);
    expect((await del('/video/delete', home.therapist.token, { videos: [v.id] })).json()).toEqual({ deleted: [v.id] });
    expectProblem(await call.get(`/video/${v.id}`, home.therapist.token), 404);
    expectProblem(await del('/video/delete', home.therapist.token, { videos: [] }), 400);
  });
});

describe('folders', () => {
  it('creates, fills, shares with the clinic, renames, empties and deletes', async () => {
    const v1 = await createVideo(home.therapist.token, { title: 'Bird dog' });
    const v2 = await createVideo(home.therapist.token, { title: 'Quad sets' });
    const folder = (await call.post('/video/library', home.therapist.token, { name: 'Knee rehab' })).json();
    expect(folder).toMatchObject({ name: 'Knee rehab', is_shared: false, is_mine: true, video_count: 0 });
    // Private: a colleague does not see it.
    expectProblem(await call.get(`/video/library/${folder.id}`, home.manager.token), 404);
    const added = await call.post('/video/library/bulk', home.therapist.token, {
      video_ids: [v1.id, v2.id],
      libraryfolder_ids: [folder.id],
    });
    expect(added.json().results[0].video_count).toBe(2);
    expect((await call.get(`/video/${v1.id}`, home.therapist.token)).json().folder_ids).toEqual([folder.id]);
    const shared = await call.post('/video/library/share', home.therapist.token, {
      libraryfolder_ids: [folder.id],
      is_shared: true,
    });
    expect(shared.json().results[0].is_shared).toBe(true);
    const colleague = (await call.get('/video/library?owner=shared', home.manager.token)).json();
    expect(colleague.results.map((f: { id: number }) => f.id)).toContain(folder.id);
    expect((await call.get(`/video/library/${folder.id}`, home.manager.token)).json().count).toBe(2);
    expect((await call.get(`/video/list?folder=${folder.id}`, home.manager.token)).json().count).toBe(2);
    // Colleagues read a shared folder; only the owner changes it.
    expectProblem(await call.patch(`/video/library/${folder.id}`, home.manager.token, { name: 'Mine' }), 403);
    expectProblem(
      await call.post('/video/library/bulk', home.manager.token, {
        video_ids: [v1.id],
        libraryfolder_ids: [folder.id],
      }),
      403,
    );
    // Another clinic never sees it.
    expectProblem(await call.get(`/video/library/${folder.id}`, away.therapist.token), 404);
    expectProblem(await call.get(`/video/list?folder=${folder.id}`, away.therapist.token), 404);
    expectProblem(await del(`/video/library/${folder.id}`, away.therapist.token), 404);
    expect((await call.patch(`/video/library/${folder.id}`, home.therapist.token, { name: 'Knee' })).json().name).toBe(
      'Knee',
    );
    const removed = await del('/video/library/delete', home.therapist.token, {
      libraryfolder_id: folder.id,
      video_ids: [v1.id],
    });
    expect(removed.json().video_count).toBe(1);
    expect((await del(`/video/library/${folder.id}`, home.therapist.token)).json()).toEqual({ deleted: [folder.id] });
    expectProblem(await call.get(`/video/library/${folder.id}`, home.therapist.token), 404);
  });

  it('refuses bad ids and names with 4xx', async () => {
    expectProblem(await del('/video/library/abc', home.therapist.token), 400);
    expectProblem(await call.post('/video/library', home.therapist.token, { name: '' }), 400);
    expectProblem(await call.get('/video/library/999999', home.therapist.token), 404);
    expectProblem(
      await call.post('/video/library/bulk', home.therapist.token, { video_ids: [999999], libraryfolder_ids: [] }),
      400,
    );
  });
});

describe('HEP requests', () => {
  it('records a request for a missing video, listed for admins only', async () => {
    const res = await call.post('/video/hep_request/create', home.therapist.token, {
      request_content: 'Seated marching, please',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ request_content: 'Seated marching, please', clinic_code: home.clinic.code });
    expectProblem(await call.get('/video/hep_request', home.therapist.token), 403);
    expect((await call.get('/video/hep_request', adminToken)).json().count).toBeGreaterThanOrEqual(1);
    expectProblem(await call.post('/video/hep_request/create', home.therapist.token, { request_content: '' }), 400);
  });
});
