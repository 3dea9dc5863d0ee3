import { hepEndpoints, MAX_CAPTION_BYTES, pathOf, patientProgramEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { makeVideo, sessionForPatient } from '../../../test/hep-support.ts';
import { signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, videoCaptions, videos } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const admin = await signedInAdmin(t, home.clinic.id);

const ENGLISH = 'WEBVTT\n\n00:00.000 --> 00:02.500\nLie on your back.\n\n00:02.500 --> 00:05.000\nSlide your heel.\n';
const SPANISH =
  'WEBVTT\n\n00:00.000 --> 00:02.500\nAcuéstese boca arriba.\n\n00:02.500 --> 00:05.000\nDeslice el talón.\n';
const SRT = '1\n00:00:00,000 --> 00:00:02,500\nLie on your back.\n';

const del = (url: string, token: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
const captionsOf = (videoId: number) => `/video/${videoId}/captions`;
const trackOf = (videoId: number, language: string) => `/video/${videoId}/captions/${language}`;
const storedTracks = (videoId: number) =>
  t.database.db.select().from(videoCaptions).where(eq(videoCaptions.videoId, videoId));
const ownVideo = () =>
  makeVideo(t.database.db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id, title: 'Heel slides' });
const captionAudits = (videoId: number) =>
  t.database.db
    .select({ action: auditEvents.action, outcome: auditEvents.outcome, detail: auditEvents.detail })
    .from(auditEvents)
    .where(eq(auditEvents.actorUserId, home.therapist.id))
    .orderBy(auditEvents.id)
    .then((rows) =>
      rows.filter(
        (row) =>
          row.action.startsWith('video_caption.') && (row.detail as { video_id?: number } | null)?.video_id === videoId,
      ),
    );

describe('saving a caption track', () => {
  it('stores a WebVTT track, lists it, gives its text to the editor and serves it to the player as text/vtt', async () => {
    const video = await ownVideo();
    const saved = await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: ENGLISH });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      language: 'en',
      cue_count: 2,
      size_bytes: Buffer.byteLength(ENGLISH),
      text: ENGLISH,
      updated_by: { id: home.therapist.id },
    });
    expect((await call.put(trackOf(video.id, 'es'), home.therapist.token, { text: SPANISH })).statusCode).toBe(200);

    const list = (await call.get(captionsOf(video.id), home.therapist.token)).json();
    expect(list.tracks.map((track: { language: string }) => track.language)).toEqual(['en', 'es']);
    expect((await call.get(trackOf(video.id, 'es'), home.therapist.token)).json().text).toBe(SPANISH);

    const detail = (await call.get(`/video/${video.id}`, home.therapist.token)).json();
    expect(detail.captions.map((c: { language: string }) => c.language)).toEqual(['en', 'es']);
    const spanish = await t.app.inject({ method: 'GET', url: detail.captions[1].url });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(spanish.body).toBe(SPANISH);

    expect(await captionAudits(video.id)).toEqual([
      expect.objectContaining({ action: 'video_caption.update', outcome: 'success' }),
      expect.objectContaining({ action: 'video_caption.update', outcome: 'success' }),
    ]);
  });

  it('replaces the language’s track when saved again, keeping one track per language', async () => {
    const video = await ownVideo();
    await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: ENGLISH });
    const edited = ENGLISH.replace('Slide your heel.', 'Slide your heel toward you.');
    const res = await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: edited });
    expect(res.json()).toMatchObject({ text: edited, cue_count: 2 });
    expect(await storedTracks(video.id)).toHaveLength(1);
    const detail = (await captionAudits(video.id)).at(-1)?.detail;
    expect(detail).toMatchObject({ language: 'en', replaced: true });
  });

  it.each([
    ['an SRT file', SRT, /WebVTT \(\.vtt\)/],
    ['text without the WEBVTT line', 'Hello\n\n00:00.000 --> 00:02.000\nHi\n', /Line 1: No valid signature/],
    ['a timing it cannot read', 'WEBVTT\n\n00:00.000 --> 00:0x.000\nHi\n', /Line 3/],
    ['a cue that ends before it starts', 'WEBVTT\n\n00:03.000 --> 00:02.000\nHi\n', /Line 3: End timestamp/],
    ['a file with no cue', 'WEBVTT\n', /no cues/],
  ])('refuses %s, saying what is wrong, and stores nothing', async (_label, text, message) => {
    const video = await ownVideo();
    const problem = expectProblem(
      await call.put(trackOf(video.id, 'en'), home.therapist.token, { text }),
      400,
      'validation_failed',
    );
    expect(problem.errors?.text?.[0]).toMatch(message);
    expect(problem.detail).toMatch(/WebVTT/);
    expect(await storedTracks(video.id)).toEqual([]);
    expect(await captionAudits(video.id)).toEqual([]);
  });

  it('refuses a track larger than the limit with 413, and stores nothing', async () => {
    const video = await ownVideo();
    const cue = (i: number) => `\n\n${String(i).padStart(2, '0')}:00.000 --> ${String(i).padStart(2, '0')}:01.000\n`;
    let text = 'WEBVTT';
    for (let i = 0; Buffer.byteLength(text) <= MAX_CAPTION_BYTES; i += 1) text += `${cue(i % 60)}${'x'.repeat(500)}`;
    const problem = expectProblem(
      await call.put(trackOf(video.id, 'en'), home.therapist.token, { text }),
      413,
      'payload_too_large',
    );
    expect(problem.detail).toMatch(/200 kB/);
    expect(await storedTracks(video.id)).toEqual([]);
  });

  it('refuses a language other than English and Spanish', async () => {
    const video = await ownVideo();
    expectProblem(await call.put(trackOf(video.id, 'fr'), home.therapist.token, { text: ENGLISH }), 400);
  });
});

describe('who reaches a video’s captions', () => {
  it('answers 404 for another clinic’s video, whatever the call, and changes nothing', async () => {
    const video = await ownVideo();
    await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: ENGLISH });
    const token = away.supervisor.token;
    expectProblem(await call.get(captionsOf(video.id), token), 404);
    expectProblem(await call.get(trackOf(video.id, 'en'), token), 404);
    expectProblem(await call.put(trackOf(video.id, 'en'), token, { text: SPANISH }), 404);
    expectProblem(await del(trackOf(video.id, 'en'), token), 404);
    expect((await storedTracks(video.id)).map((row) => row.vtt)).toEqual([ENGLISH]);
  });

  it('lets colleagues read the tracks, and only the owner, the supervisor and admins change them', async () => {
    const video = await ownVideo();
    await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: ENGLISH });
    expect((await call.get(trackOf(video.id, 'en'), home.manager.token)).json().text).toBe(ENGLISH);
    expectProblem(await call.put(trackOf(video.id, 'es'), home.manager.token, { text: SPANISH }), 403);
    expectProblem(await del(trackOf(video.id, 'en'), home.manager.token), 403);
    expect((await call.put(trackOf(video.id, 'es'), home.supervisor.token, { text: SPANISH })).statusCode).toBe(200);
  });

  it('leaves the global library’s captions to admins', async () => {
    const video = await makeVideo(t.database.db, { clinicId: null, title: 'Global bridge' });
    expectProblem(await call.put(trackOf(video.id, 'en'), away.supervisor.token, { text: ENGLISH }), 403);
    expect((await call.put(trackOf(video.id, 'en'), admin.token, { text: ENGLISH })).statusCode).toBe(200);
    const seen = (await call.get(`/video/${video.id}`, away.therapist.token)).json();
    expect(seen.captions.map((c: { language: string }) => c.language)).toEqual(['en']);
  });

  it('serves a track only by a valid, unexpired link for that video and language', async () => {
    const video = await ownVideo();
    await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: ENGLISH });
    const url: string = (await call.get(`/video/${video.id}`, home.therapist.token)).json().captions[0].url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // The signature names the language: the English link does not open a Spanish track.
    expect((await t.app.inject({ method: 'GET', url: url.replace('/en?', '/es?') })).statusCode).toBe(404);
    // A signature with its first character changed (to another one, whatever it was).
    const forged = url.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(400);
  });
});

describe('removing a caption track', () => {
  it('removes the track and its link, audited; removing it again is not found', async () => {
    const video = await ownVideo();
    await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: ENGLISH });
    const url: string = (await call.get(`/video/${video.id}`, home.therapist.token)).json().captions[0].url;
    const res = await del(trackOf(video.id, 'en'), home.therapist.token);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call.get(captionsOf(video.id), home.therapist.token)).json()).toEqual({ tracks: [] });
    expectProblem(await call.get(trackOf(video.id, 'en'), home.therapist.token), 404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expectProblem(await del(trackOf(video.id, 'en'), home.therapist.token), 404);
    expect((await captionAudits(video.id)).map((row) => row.action)).toEqual([
      'video_caption.update',
      'video_caption.delete',
    ]);
  });
});

describe('the patient’s captions', () => {
  it('hands the patient signed caption links for the videos of their program only', async () => {
    const video = await ownVideo();
    const other = await ownVideo();
    for (const id of [video.id, other.id]) {
      await call.put(trackOf(id, 'en'), home.therapist.token, { text: ENGLISH });
      await call.put(trackOf(id, 'es'), home.therapist.token, { text: SPANISH });
    }
    const patientId = (await call.register(home.therapist.token)).id;
    await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), home.therapist.token, [
      { video_id: video.id, times_per_day: 1, days_per_week: 3 },
    ]);
    const { token } = await sessionForPatient(t, patientId);

    const today = (await call.get(patientProgramEndpoints.today.path, token)).json();
    expect(today.items.map((item: { video_id: number }) => item.video_id)).toEqual([video.id]);
    const links = today.items[0].video.captions as { language: string; url: string }[];
    expect(links.map((link) => link.language)).toEqual(['en', 'es']);
    const spanish = await t.app.inject({ method: 'GET', url: links[1]!.url });
    expect(spanish.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(spanish.body).toBe(SPANISH);

    // No link of the patient's opens another video's track, and the staff calls are not theirs.
    const [otherRow] = await t.database.db.select({ guid: videos.guid }).from(videos).where(eq(videos.id, other.id));
    const ownGuid = links[1]!.url.split('/')[3]!;
    const forged = links[1]!.url.replace(ownGuid, otherRow!.guid);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expectProblem(await call.get(captionsOf(video.id), token), 403);
    expectProblem(await call.get(trackOf(video.id, 'es'), token), 403);
  });
});

// Last in the file: the clock moves past the sessions' idle limit.
describe('a caption link', () => {
  it('expires with the video’s own link, after an hour', async () => {
    const video = await ownVideo();
    await call.put(trackOf(video.id, 'en'), home.therapist.token, { text: ENGLISH });
    const url: string = (await call.get(`/video/${video.id}`, home.therapist.token)).json().captions[0].url;
    t.clock.advanceMinutes(59);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
