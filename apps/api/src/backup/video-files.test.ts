import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/s3-support.ts';
import { tempDir } from '../../test/videos-support.ts';
import { createS3VideoStorage } from '../video-host/s3-storage.ts';
import type { PlaybackKind } from '../video-host/signature.ts';
import type { VideoStorage } from '../video-host/storage.ts';
import type { StoredVideo } from './database.ts';
import { BackupRefusal, digestOf, type FileEntry } from './manifest.ts';
import { backUpVideoFiles, refuseStoredFiles, restoreVideoFiles } from './video-files.ts';

let source: FakeS3;
let target: FakeS3;
const storageOf = (s3: FakeS3) =>
  createS3VideoStorage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

beforeAll(async () => {
  source = await startFakeS3('rehabit-source');
  target = await startFakeS3('rehabit-target');
});
afterAll(async () => {
  await source.close();
  await target.close();
});

async function store(storage: VideoStorage, kind: PlaybackKind, guid: string, text: string) {
  const file = path.join(tempDir(), guid);
  writeFileSync(file, text);
  await storage.put(kind, guid, file);
}

const video = (status: StoredVideo['status'], fields: Partial<StoredVideo> = {}): StoredVideo => ({
  guid: randomUUID(),
  status,
  hasPoster: false,
  sizeBytes: null,
  ...fields,
});

describe('the video files of a backup, from one bucket to another', () => {
  const ready = video('ready', { hasPoster: true, sizeBytes: 'a ready clip'.length });
  const processing = video('processing');
  const expired = video('failed');
  const uploading = video('uploading');
  const deleted = video('ready');
  const backupDir = tempDir('rehabit-backup-');
  let files: FileEntry[];

  it('copies the files the rows name, leaves out an upload under way and lists a file deleted since', async () => {
    const storage = storageOf(source);
    await store(storage, 'play', ready.guid, 'a ready clip');
    await store(storage, 'poster', ready.guid, 'its poster');
    await store(storage, 'play', processing.guid, 'a clip being processed');
    await store(storage, 'play', uploading.guid, 'the first bytes');
    const lines: string[] = [];
    const copied = await backUpVideoFiles(
      storage,
      [ready, processing, expired, uploading, deleted],
      backupDir,
      (line) => lines.push(line),
    );
    files = copied.files;
    expect(files.map((f) => f.path).sort()).toEqual(
      [`videos/${ready.guid}`, `posters/${ready.guid}.jpg`, `videos/${processing.guid}`].sort(),
    );
    const poster = files.find((f) => f.path === `posters/${ready.guid}.jpg`)!;
    expect(poster).toMatchObject(await digestOf(await storage.read('poster', ready.guid)));
    expect(copied.missing).toEqual([{ path: `videos/${deleted.guid}`, reason: expect.any(String) }]);
    expect(lines.at(-1)).toMatch(/1 no longer in storage/);
  });

  it('refuses a file whose size is not the one its video records', async () => {
    const storage = storageOf(source);
    const changed = video('ready', { sizeBytes: 3 });
    await store(storage, 'play', changed.guid, 'longer than recorded');
    await expect(backUpVideoFiles(storage, [changed], tempDir(), () => {})).rejects.toThrow(
      /not the size storage or its video gave/,
    );
  });

  it('restores each file into storage as it was, and refuses storage that holds one of them already', async () => {
    const storage = storageOf(target);
    await refuseStoredFiles(storage, files);
    const restored = await restoreVideoFiles(storage, files, backupDir, () => {});
    expect(restored.count).toBe(3);
    expect(await target.keys()).toEqual([processing.guid, ready.guid, `posters/${ready.guid}.jpg`].sort());
    expect((await target.get(ready.guid)).toString()).toBe('a ready clip');
    await expect(refuseStoredFiles(storage, files)).rejects.toBeInstanceOf(BackupRefusal);
  });
});
