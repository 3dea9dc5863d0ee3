import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { makeStaffedClinic, type StaffedClinic } from '../../test/patients-support.ts';
import { type FakeS3, startFakeS3 } from '../../test/s3-support.ts';
import {
  createVideo,
  hasFfmpeg,
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
import { ConfigError, loadConfig } from '../config.ts';
import { auditEvents } from '../db/schema.ts';
import { writeDemoVideoFiles } from '../seed/demo-videos.ts';
import { videoStorageFromConfig } from './storage.ts';

let db: TestDatabase;
let s3: FakeS3;
let server: ListeningApp;
let home: StaffedClinic;
const storage = tempDir();
const work = tempDir('rehabit-clips-');

beforeAll(async () => {
  db = await createTestDatabase();
  s3 = await startFakeS3();
  server = await listen(db.database, storage, s3.env);
  home = await makeStaffedClinic(server.app, db.database.db);
});
afterAll(async () => {
  await server?.app.close();
  await s3?.close();
  await db?.drop();
});

const create = (body: object = {}) => createVideo(server.app, home.therapist.token, body);
const upload = (file: string, c: UploadCredentials, options: Partial<tus.UploadOptions> = {}) =>
  tusUpload(file, server.url, tusHeadersOf(c), options);

const detail = async (id: number) =>
  (
    await server.app.inject({ url: `/video/${id}`, headers: { authorization: `Bearer ${home.therapist.token}` } })
  ).json();

const settled = (id: number) =>
  waitFor(async () => {
    const v = await detail(id);
    return v.status === 'ready' || v.status === 'failed' ? v : undefined;
  });

describe('video storage in an S3-compatible bucket', () => {
  it('takes a tus upload into the bucket, processes it and plays it back with ranges', async () => {
    const clip = makeClip(work);
    const c = await create({ title: 'Clamshell in the bucket' });
    await upload(clip, c);
    const video = await settled(c.id);
    expect(video.status).toBe('ready');
    expect(sha256Of(await s3.get(c.video_id))).toBe(sha256(clip));
    // Nothing went to the local disk.
    expect(() => statSync(path.join(storage, 'uploads'))).toThrow();
    const audited = await waitFor(async () => {
      const rows = await db.database.db
        .select({ action: auditEvents.action, actor: auditEvents.actorUserId })
        .from(auditEvents)
        .where(sql`${auditEvents.detail}->>'guid' = ${c.video_id}`)
        .orderBy(asc(auditEvents.id));
      return rows.length >= 3 ? rows : undefined;
    });
    expect(audited).toEqual(
      ['video.upload_started', 'video.upload_finished', 'video.processing_ready'].map((action) => ({
        action,
        actor: home.therapist.id,
      })),
    );
    if (hasFfmpeg) {
      expect(video.duration_seconds).toBeGreaterThan(0.5);
      expect(await s3.keys()).toContain(`posters/${c.video_id}.jpg`);
      const poster = await fetch(`${server.url}${video.poster_url}`);
      expect(poster.status).toBe(200);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await poster.arrayBuffer())).toEqual(await s3.get(`posters/${c.video_id}.jpg`));
    }

    const bytes = readFileSync(clip);
    const size = bytes.length;
    const whole = await fetch(`${server.url}${video.play_url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-length')).toBe(String(size));
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const part = await fetch(`${server.url}${video.play_url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await fetch(`${server.url}${video.play_url}`, { headers: { range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(size - 10));
    const beyond = await fetch(`${server.url}${video.play_url}`, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    const tampered = video.play_url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await fetch(`${server.url}${tampered}`)).status).toBe(404);

    // Deleting the video empties the bucket of it.
    const del = await server.app.inject({
      method: 'DELETE',
      url: '/video/delete',
      headers: { authorization: `Bearer ${home.therapist.token}` },
      payload: { videos: [c.id] },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await s3.keys()).filter((k) => k.includes(c.video_id))).toEqual([]);
  });

  it('takes a 12 MB upload sent in 1 MB requests byte for byte', async () => {
    const file = makeBigFile(work, 12);
    const c = await create({ title: 'Big one in the bucket' });
    await upload(file, c, { chunkSize: 1024 * 1024 });
    expect(sha256Of(await s3.get(c.video_id))).toBe(sha256(file));
    const video = await waitFor(async () => {
      const v = await detail(c.id);
      return v.status !== 'uploading' && v.status !== 'processing' ? v : undefined;
    });
    expect(video.size_bytes).toBe(statSync(file).size);
    // Only the finished object is left: no open multipart upload, no bytes short of a part.
    expect((await s3.keys()).filter((k) => k.startsWith(c.video_id))).toEqual([c.video_id, `${c.video_id}.info`]);
  }, 60_000);

  it('resumes an upload on another server from what the bucket holds', async () => {
    const file = makeBigFile(work, 8);
    const size = statSync(file).size;
    const c = await create({ title: 'Resumed in the bucket' });
    let uploadUrl = '';
    await new Promise<void>((resolve, reject) => {
      const first = new tus.Upload(createReadStream(file), {
        endpoint: `${server.url}/tus/`,
        headers: tusHeadersOf(c),
        uploadSize: size,
        chunkSize: 1024 * 1024,
        retryDelays: [],
        onError: reject,
        onUploadUrlAvailable: () => {
          uploadUrl = first.url ?? '';
        },
        onChunkComplete: (_chunk, sent) => {
          if (sent >= 3 * 1024 * 1024) void first.abort().then(resolve, reject);
        },
      });
      first.start();
    });
    expect(uploadUrl).toMatch(new RegExp(`/tus/${c.video_id}$`));

    // A second server, sharing only the database and the bucket, picks the upload up.
    const other = await listen(db.database, tempDir(), s3.env);
    try {
      const location = new URL(uploadUrl, server.url).pathname;
      const head = await fetch(`${other.url}${location}`, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', ...tusHeadersOf(c) },
      });
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(3 * 1024 * 1024);
      expect(offset).toBeLessThan(size);
      await new Promise<void>((resolve, reject) => {
        new tus.Upload(createReadStream(file), {
          uploadUrl: `${other.url}${location}`,
          headers: tusHeadersOf(c),
          uploadSize: size,
          retryDelays: [],
          onError: reject,
          onSuccess: () => resolve(),
        }).start();
      });
      expect(sha256Of(await s3.get(c.video_id))).toBe(sha256(file));
    } finally {
      await other.app.close();
    }
  }, 60_000);

  it('refuses a file that is not a video before anything reaches the bucket', async () => {
    const text = path.join(work, 'notes.txt');
    writeFileSync(text, 'These are not the frames you are looking for.\n'.repeat(100));
    const c = await create();
    await expect(upload(text, c)).rejects.toThrow(/response code: 415/);
    expect(await s3.keys()).not.toContain(c.video_id);
    expect(await s3.keys()).not.toContain(`${c.video_id}.part`);
    expect((await detail(c.id)).status).toBe('uploading');
  });
});

describe('the demo library with a bucket', () => {
  it('writes its clips to the bucket', async () => {
    const clips = [randomUUID(), randomUUID()].map((guid, i) => ({
      guid,
      label: `Demo exercise ${i}`,
      bodyPart: 'Knee',
    }));
    const bucket = videoStorageFromConfig(loadConfig(s3.env));
    expect(bucket.kind).toBe('s3');
    // Without ffmpeg every clip is the bundled one.
    await writeDemoVideoFiles(db.database.db, clips, { storage: bucket, ffmpeg: '/nonexistent/ffmpeg' });
    const bundled = readFileSync(new URL('../seed/assets/demo-clip.mp4', import.meta.url));
    for (const clip of clips) expect(await s3.get(clip.guid)).toEqual(bundled);
  });
});

describe('S3 configuration', () => {
  it('keeps the local disk unless a bucket is named', () => {
    expect(loadConfig({}).VIDEO_S3_BUCKET).toBeUndefined();
    expect(loadConfig({ VIDEO_S3_BUCKET: '' }).VIDEO_S3_BUCKET).toBeUndefined();
    const config = loadConfig({ VIDEO_S3_BUCKET: 'clinic-videos', VIDEO_S3_FORCE_PATH_STYLE: 'true' });
    expect(config).toMatchObject({
      VIDEO_S3_BUCKET: 'clinic-videos',
      VIDEO_S3_REGION: 'us-east-1',
      VIDEO_S3_FORCE_PATH_STYLE: true,
    });
  });

  it('names a bad bucket, endpoint or half a key pair', () => {
    expect(() => loadConfig({ VIDEO_S3_BUCKET: 'Not A Bucket' })).toThrow(/VIDEO_S3_BUCKET/);
    expect(() => loadConfig({ VIDEO_S3_BUCKET: 'videos', VIDEO_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /VIDEO_S3_ENDPOINT/,
    );
    expect(() => loadConfig({ VIDEO_S3_BUCKET: 'videos', VIDEO_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(ConfigError);
    expect(() => loadConfig({ VIDEO_S3_BUCKET: 'videos', VIDEO_S3_SECRET_ACCESS_KEY: 'x' })).toThrow(
      /VIDEO_S3_SECRET_ACCESS_KEY/,
    );
  });
});

const sha256Of = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
