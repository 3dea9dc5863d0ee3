import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { makeStaffedClinic, type StaffedClinic } from '../../test/patients-support.ts';
import {
  createVideo,
  hasFfmpeg,
  kill,
  type ListeningApp,
  listen,
  makeBigFile,
  makeClip,
  sha256,
  tempDir,
  tusHeadersOf,
  tusUpload,
  type UploadCredentials,
  waitFor,
} from '../../test/videos-support.ts';
import { auditEvents } from '../db/schema.ts';
import { playbackSignature, uploadSignature } from './signature.ts';

let db: TestDatabase;
let server: ListeningApp;
let home: StaffedClinic;
let away: StaffedClinic;
const storage = tempDir();
const work = tempDir('rehabit-clips-');
const secret = 'rehabit-development-video-secret';

beforeAll(async () => {
  db = await createTestDatabase();
  server = await listen(db.database, storage);
  home = await makeStaffedClinic(server.app, db.database.db);
  away = await makeStaffedClinic(server.app, db.database.db);
});
afterAll(async () => {
  await server.app.close();
  await db.drop();
});

const create = (token: string, body: object = {}) => createVideo(server.app, token, body);

/** The audit log's entries about one video's file, oldest first. */
const auditOf = (guid: string) =>
  db.database.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.detail}->>'guid' = ${guid}`)
    .orderBy(asc(auditEvents.id));

const detail = async (token: string, id: number) =>
  (await server.app.inject({ url: `/video/${id}`, headers: { authorization: `Bearer ${token}` } })).json();

describe('uploading through tus', () => {
  it('takes a clip, processes it and plays it back with ranges', async () => {
    const clip = makeClip(work);
    const c = await create(home.therapist.token, { title: 'Clamshell' });
    await tusUpload(clip, server.url, tusHeadersOf(c));
    const video = await waitFor(async () => {
      const v = await detail(home.therapist.token, c.id);
      return v.status === 'ready' || v.status === 'failed' ? v : undefined;
    });
    expect(video.status).toBe('ready');
    expect(sha256(path.join(storage, 'uploads', c.video_id))).toBe(sha256(clip));
    if (hasFfmpeg) {
      expect(video.duration_seconds).toBeGreaterThan(0.5);
      expect(video.poster_url).toMatch(/^\/video-host\/poster\//);
      const poster = await fetch(`${server.url}${video.poster_url}`);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
    }
    const whole = await fetch(`${server.url}${video.play_url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const size = statSync(clip).size;
    const part = await fetch(`${server.url}${video.play_url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const tail = await fetch(`${server.url}${video.play_url}`, { headers: { range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const beyond = await fetch(`${server.url}${video.play_url}`, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    // A tampered or expired link is a plain 404.
    const tampered = video.play_url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await fetch(`${server.url}${tampered}`)).status).toBe(404);
    const expired = video.play_url.replace(/expires=\d+/, 'expires=1000');
    expect((await fetch(`${server.url}${expired}`)).status).toBe(404);
    // A link correctly signed but living longer than the server would ever grant (three years) is refused too.
    const farFuture = Math.floor(Date.now() / 1000) + 3 * 365 * 24 * 3600;
    const guid = /\/play\/([0-9a-f-]+)\?/.exec(video.play_url)![1]!;
    const longLived = `/video-host/play/${guid}?expires=${farFuture}&sig=${playbackSignature(secret, 'play', guid, farFuture)}`;
    expect((await fetch(`${server.url}${longLived}`)).status).toBe(404);
    // Another clinic neither sees the record nor gets a link.
    expect((await detail(away.therapist.token, c.id)).status).toBe(404);
  });

  it("audits the upload's start, finish and processing as done by the video's owner", async () => {
    const clip = makeClip(work);
    const c = await create(home.therapist.token, { title: 'Audited clamshell' });
    await tusUpload(clip, server.url, tusHeadersOf(c));
    await waitFor(async () => {
      const v = await detail(home.therapist.token, c.id);
      return v.status === 'ready' ? v : undefined;
    });
    const size = statSync(clip).size;
    const rows = await waitFor(async () => {
      const found = await auditOf(c.video_id);
      return found.length >= 3 ? found : undefined;
    });
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([
      ['video.upload_started', 'success'],
      ['video.upload_finished', 'success'],
      ['video.processing_ready', 'success'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ actorUserId: home.therapist.id, clinicId: home.clinic.id });
      expect(row.detail).toMatchObject({ video_id: c.id, guid: c.video_id });
    }
    expect(rows[0]!.detail).toMatchObject({ size });
    expect(rows[1]!.detail).toMatchObject({ size_bytes: size, mime_type: 'video/mp4' });
    expect(rows[2]!.detail).toMatchObject({ poster: hasFfmpeg });
  });

  it.runIf(hasFfmpeg)('audits a file ffprobe cannot read as failed processing, with the reason', async () => {
    // A container's first bytes over noise: accepted by the upload check, refused by ffprobe.
    const noise = makeBigFile(work, 1);
    const c = await create(home.therapist.token, { title: 'Noise' });
    await tusUpload(noise, server.url, tusHeadersOf(c));
    const video = await waitFor(async () => {
      const v = await detail(home.therapist.token, c.id);
      return v.status === 'failed' ? v : undefined;
    });
    const rows = await waitFor(async () => {
      const found = await auditOf(c.video_id);
      return found.length >= 3 ? found : undefined;
    });
    expect(rows.map((r) => r.action)).toEqual([
      'video.upload_started',
      'video.upload_finished',
      'video.processing_failed',
    ]);
    expect(rows[2]).toMatchObject({
      outcome: 'failure',
      actorUserId: home.therapist.id,
      detail: { reason: video.failure_reason },
    });
  });

  it('audits no upload that was refused before it began', async () => {
    const c = await create(home.therapist.token);
    await expect(
      tusUpload(makeClip(work), server.url, { ...tusHeadersOf(c), AuthorizationSignature: 'f'.repeat(64) }),
    ).rejects.toThrow(/response code: 403/);
    expect(await auditOf(c.video_id)).toEqual([]);
  });

  it.each([
    ['a wrong signature', (c: UploadCredentials) => ({ ...tusHeadersOf(c), AuthorizationSignature: 'f'.repeat(64) })],
    [
      'an expired signature',
      (c: UploadCredentials) => {
        const past = Math.floor(Date.now() / 1000) - 60;
        return {
          ...tusHeadersOf(c),
          AuthorizationExpire: String(past),
          AuthorizationSignature: uploadSignature(c.library_id, secret, past, c.video_id),
        };
      },
    ],
    [
      'a signature living longer than the server grants',
      (c: UploadCredentials) => {
        const farFuture = Math.floor(Date.now() / 1000) + 3 * 365 * 24 * 3600;
        return {
          ...tusHeadersOf(c),
          AuthorizationExpire: String(farFuture),
          AuthorizationSignature: uploadSignature(c.library_id, secret, farFuture, c.video_id),
        };
      },
    ],
    [
      'another library',
      (c: UploadCredentials) => ({
        ...tusHeadersOf(c),
        LibraryId: '999',
        AuthorizationSignature: uploadSignature('999', secret, c.expiration, c.video_id),
      }),
    ],
    ['no signature at all', (c: UploadCredentials) => ({ VideoId: c.video_id, LibraryId: c.library_id })],
  ])('refuses %s', async (_label, headers) => {
    const c = await create(home.therapist.token);
    await expect(tusUpload(makeClip(work), server.url, headers(c) as Record<string, string>)).rejects.toThrow(
      /response code: 40[134]/,
    );
  });

  it('refuses a VideoId that is not the signed one', async () => {
    const a = await create(home.therapist.token);
    const b = await create(home.therapist.token);
    await expect(tusUpload(makeClip(work), server.url, { ...tusHeadersOf(a), VideoId: b.video_id })).rejects.toThrow(
      /response code: 403/,
    );
  });

  it('refuses a file that is not a video', async () => {
    const text = path.join(work, 'notes.txt');
    writeFileSync(text, 'These are not the frames you are looking for.\n'.repeat(100));
    const c = await create(home.therapist.token);
    await expect(tusUpload(text, server.url, tusHeadersOf(c))).rejects.toThrow(/response code: 415/);
  });

  it('refuses a file over the maximum size before any byte is sent', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/video/create_by_therapist',
      headers: { authorization: `Bearer ${home.therapist.token}` },
      payload: { size: 3 * 1024 ** 3 },
    });
    expect(res.statusCode).toBe(413);
  });

  it('resumes a 50 MB upload after the server is killed and restarted, byte for byte', async () => {
    const file = makeBigFile(work, 50);
    const size = statSync(file).size;
    const c = await create(home.therapist.token, { title: 'Big one' });
    let uploadUrl = '';
    let killed: Promise<void> | undefined;
    const first = tusUpload(file, server.url, tusHeadersOf(c), {
      chunkSize: 1024 * 1024,
      onUploadUrlAvailable: () => undefined,
      onProgress: (sent) => {
        if (!killed && sent > size * 0.4) killed = kill(server.app);
      },
    }).catch((err: Error) => err);
    const error = await first;
    expect(error).toBeInstanceOf(Error);
    await killed;

    server = await listen(db.database, storage);
    const stored = statSync(path.join(storage, 'uploads', c.video_id)).size;
    uploadUrl = `${server.url}/tus/${c.video_id}`;
    const head = await fetch(uploadUrl, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...tusHeadersOf(c) } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(size);
    expect(offset).toBe(stored);

    let firstProgress = -1;
    await tusUpload(file, server.url, tusHeadersOf(c), {
      uploadUrl,
      onProgress: (sent) => {
        if (firstProgress < 0) firstProgress = sent;
      },
    });
    expect(sha256(path.join(storage, 'uploads', c.video_id))).toBe(sha256(file));
    const video = await waitFor(async () => {
      const v = await detail(home.therapist.token, c.id);
      return v.status !== 'uploading' && v.status !== 'processing' ? v : undefined;
    });
    expect(video.size_bytes).toBe(size);
  }, 120_000);
});
