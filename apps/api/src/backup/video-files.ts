import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlaybackKind } from '../video-host/signature.ts';
import type { VideoStorage } from '../video-host/storage.ts';
import type { StoredVideo } from './database.ts';
import {
  BackupRefusal,
  copyWithDigest,
  type Digest,
  digestOf,
  type FileEntry,
  type Manifest,
  megabytes,
  type Progress,
  reportEvery,
  sameDigest,
} from './manifest.ts';

type VideoFile = { kind: PlaybackKind; guid: string; path: string };

/** Where a video or its poster is kept in a backup: by the video host's id, which names no one. */
const backupPathOf = (kind: PlaybackKind, guid: string) => (kind === 'play' ? `videos/${guid}` : `posters/${guid}.jpg`);

/** The video file a backup path holds, or null for the database's dump. */
function videoFileOf(entryPath: string): VideoFile | null {
  const match = /^(videos|posters)\/([0-9a-f-]{36})(?:\.jpg)?$/.exec(entryPath);
  if (!match) return null;
  return { kind: match[1] === 'videos' ? 'play' : 'poster', guid: match[2]!, path: entryPath };
}

/**
 * The files the snapshot's videos stand on (decision 1445). A video's file is final once its upload finished (the
 * host takes no more bytes for it), and its poster once the row says it has one; a file still uploading is not
 * a video yet and is left out. A failed video may have kept its file (unreadable) or not (upload expired).
 */
function filesOfSnapshot(videos: StoredVideo[]) {
  return videos.flatMap((video) => {
    if (video.status === 'uploading') return [];
    const file = (kind: PlaybackKind, optional: boolean, recordedSize: number | null) => ({
      kind,
      guid: video.guid,
      path: backupPathOf(kind, video.guid),
      optional,
      recordedSize,
    });
    const files = [file('play', video.status === 'failed', video.sizeBytes)];
    if (video.hasPoster) files.push(file('poster', false, null));
    return files;
  });
}

/** Copies a stored file into the backup, or answers null when storage lost it meanwhile (its video deleted). */
async function copyOut(storage: VideoStorage, file: VideoFile, target: string): Promise<Digest | null> {
  try {
    return await copyWithDigest(await storage.read(file.kind, file.guid), target);
  } catch (err) {
    await rm(target, { force: true });
    if ((await storage.size(file.kind, file.guid)) === null) return null;
    throw err;
  }
}

/**
 * Copies every file the snapshot names from storage into the backup, each with its size and SHA-256. A file gone
 * from storage by then (its video deleted after the snapshot) is listed as missing rather than failing the backup.
 */
export async function backUpVideoFiles(storage: VideoStorage, videos: StoredVideo[], dir: string, progress: Progress) {
  const wanted = filesOfSnapshot(videos);
  await mkdir(path.join(dir, 'videos'), { mode: 0o700 });
  await mkdir(path.join(dir, 'posters'), { mode: 0o700 });
  const files: FileEntry[] = [];
  const missing: Manifest['missing_files'] = [];
  let bytes = 0;
  progress(`Video files: copying ${wanted.length} from ${storage.kind === 's3' ? 'the bucket' : 'the local disk'}`);
  for (const [index, file] of wanted.entries()) {
    const size = await storage.size(file.kind, file.guid);
    const copied = size === null ? null : await copyOut(storage, file, path.join(dir, file.path));
    if (!copied) {
      if (!file.optional) missing.push({ path: file.path, reason: 'not in storage when the backup copied it' });
    } else if (copied.size !== size || (file.recordedSize !== null && copied.size !== file.recordedSize)) {
      throw new Error(`${file.path} is not the size storage or its video gave: stored files must never change`);
    } else {
      files.push({ path: file.path, ...copied });
      bytes += copied.size;
    }
    reportEvery(
      progress,
      index + 1,
      wanted.length,
      `Video files: ${index + 1} of ${wanted.length} (${megabytes(bytes)})`,
    );
  }
  if (missing.length > 0) progress(`Video files: ${missing.length} no longer in storage (see missing_files)`);
  return { files, missing };
}

const videoFilesOf = (entries: FileEntry[]) =>
  entries.flatMap((entry) => {
    const file = videoFileOf(entry.path);
    return file ? [{ ...file, entry }] : [];
  });

/** Refuses storage that holds any of the backup's files already: a restore never overwrites one. */
export async function refuseStoredFiles(storage: VideoStorage, entries: FileEntry[]) {
  for (const file of videoFilesOf(entries)) {
    if ((await storage.size(file.kind, file.guid)) !== null) {
      throw new BackupRefusal(`Video storage holds ${file.path} already: restore only into empty storage`);
    }
  }
}

/** Puts every video file and poster of the backup into storage and reads each back against its checksum. */
export async function restoreVideoFiles(storage: VideoStorage, entries: FileEntry[], dir: string, progress: Progress) {
  const files = videoFilesOf(entries);
  // Storage takes a file by moving it in: each is copied out of the backup first, which stays as it was.
  const staging = await mkdtemp(path.join(tmpdir(), 'rehabit-restore-'));
  let bytes = 0;
  try {
    for (const [index, file] of files.entries()) {
      const staged = path.join(staging, file.guid);
      await copyFile(path.join(dir, file.path), staged);
      await storage.put(file.kind, file.guid, staged);
      if (!sameDigest(await digestOf(await storage.read(file.kind, file.guid)), file.entry)) {
        throw new Error(`${file.path} reads back from storage unlike its checksum in the manifest`);
      }
      bytes += file.entry.size;
      reportEvery(
        progress,
        index + 1,
        files.length,
        `Video files: ${index + 1} of ${files.length} restored and checked (${megabytes(bytes)})`,
      );
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { count: files.length, bytes };
}
