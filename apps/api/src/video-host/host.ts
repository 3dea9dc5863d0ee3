import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { VideoStatus } from '@rehabit/contract';
import { videoHostPaths } from '@rehabit/contract';
import type { Clock } from '../lib/clock.ts';
import { VideoFileStore } from './file-store.ts';
import { createJobQueue, probeVideo } from './processing.ts';
import { type PlaybackKind, playbackSignature, sameText, uploadSignature } from './signature.ts';
import { SNIFF_BYTES, sniffVideo } from './sniff.ts';

/** What the host needs to know of the video records; the videos module provides it. */
export type VideoCatalog = {
  findUpload: (guid: string) => Promise<{ libraryId: string; status: VideoStatus } | null>;
  update: (
    guid: string,
    fields: {
      status: VideoStatus;
      failureReason?: string | null;
      durationSeconds?: number | null;
      sizeBytes?: number | null;
      mimeType?: string | null;
      hasPoster?: boolean;
    },
  ) => Promise<void>;
  processingGuids: () => Promise<string[]>;
  /** Videos still uploading that were created before the given time. */
  staleUploadGuids: (createdBefore: Date) => Promise<string[]>;
};

export type VideoHostOptions = {
  storageDir: string;
  secret: string;
  maxBytes: number;
  uploadUrl: string;
  tools: { ffprobe: string; ffmpeg: string };
  clock: Clock;
  catalog: VideoCatalog;
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

/** How long upload credentials and playback links stay valid. */
export const UPLOAD_CREDENTIAL_SECONDS = 24 * 60 * 60;
export const PLAYBACK_LINK_SECONDS = 60 * 60;

export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type VideoHost = ReturnType<typeof createVideoHost>;

/** Where the host keeps an uploaded file; the demo seed writes its clips there too. */
export const videoFilePath = (storageDir: string, guid: string) => path.join(storageDir, 'uploads', guid);

/**
 * The built-in video host: resumable uploads checked by signature, a processing job, signed playback links.
 * It knows nothing of clinics: access is decided by whoever hands out the signatures (the videos module).
 */
export function createVideoHost(options: VideoHostOptions) {
  const { storageDir, secret, clock, catalog, log } = options;
  const uploadsDir = path.join(storageDir, 'uploads');
  const postersDir = path.join(storageDir, 'posters');
  let store: VideoFileStore | undefined;
  const queue = createJobQueue((err) => log.error({ err }, 'video processing failed'));
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  const filePath = (guid: string) => videoFilePath(storageDir, guid);
  const posterPath = (guid: string) => path.join(postersDir, `${guid}.jpg`);

  async function process(guid: string) {
    const result = await probeVideo(options.tools, filePath(guid), posterPath(guid));
    if (result.kind === 'unreadable') {
      await catalog.update(guid, { status: 'failed', failureReason: result.reason });
    } else if (result.kind === 'missing-tools') {
      await catalog.update(guid, { status: 'ready', failureReason: null });
    } else {
      await catalog.update(guid, {
        status: 'ready',
        failureReason: null,
        durationSeconds: result.durationSeconds,
        hasPoster: result.hasPoster,
      });
    }
  }

  async function sniffFile(guid: string) {
    const handle = await open(filePath(guid), 'r');
    try {
      const buf = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
      return sniffVideo(buf.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  return {
    uploadUrl: options.uploadUrl,
    maxBytes: options.maxBytes,
    /** Created on first use, so an app that never uploads never touches the disk. */
    store: () => {
      store ??= new VideoFileStore({ directory: uploadsDir });
      return store;
    },
    credentials(libraryId: string, guid: string) {
      const expiration = nowSeconds() + UPLOAD_CREDENTIAL_SECONDS;
      return { expiration, signature: uploadSignature(libraryId, secret, expiration, guid) };
    },
    /** Why an upload request is refused, or null when its headers are valid for this file. */
    async refusal(headers: { get: (name: string) => string | null }, fileId: string) {
      const signature = headers.get('authorizationsignature') ?? '';
      const expire = headers.get('authorizationexpire') ?? '';
      const videoId = headers.get('videoid') ?? '';
      const libraryId = headers.get('libraryid') ?? '';
      if (!signature || !/^\d{1,12}$/.test(expire) || !videoId || !libraryId) {
        return { status_code: 401, body: 'Upload signature headers are missing\n' };
      }
      if (videoId !== fileId || !GUID_PATTERN.test(videoId)) {
        return { status_code: 403, body: 'VideoId does not match the upload\n' };
      }
      if (!sameText(signature.toLowerCase(), uploadSignature(libraryId, secret, Number(expire), videoId))) {
        return { status_code: 403, body: 'Invalid upload signature\n' };
      }
      if (Number(expire) <= nowSeconds()) return { status_code: 403, body: 'The upload signature has expired\n' };
      const video = await catalog.findUpload(videoId);
      if (!video) return { status_code: 404, body: 'No such video\n' };
      if (video.libraryId !== libraryId) return { status_code: 403, body: 'LibraryId does not match the video\n' };
      if (video.status !== 'uploading') return { status_code: 410, body: 'This video was uploaded already\n' };
      return null;
    },
    /** Called once the last byte is stored: the video moves to processing and a job takes it from there. */
    async finished(guid: string, size: number) {
      const mimeType = await sniffFile(guid);
      await catalog.update(guid, { status: 'processing', sizeBytes: size, mimeType });
      queue.push(() => process(guid));
    },
    /** Jobs cut short by a restart run again. */
    async resumeProcessing() {
      for (const guid of await catalog.processingGuids()) queue.push(() => process(guid));
    },
    drain: () => queue.drain(),
    /**
     * Uploads never finished within their credentials' lifetime (plus an hour's grace) cannot finish any more:
     * their partial files are removed and the videos marked failed, so disks and libraries do not fill with them.
     */
    async expireStaleUploads() {
      const before = new Date(clock.now().getTime() - (UPLOAD_CREDENTIAL_SECONDS + 3600) * 1000);
      const guids = await catalog.staleUploadGuids(before);
      for (const guid of guids) {
        await Promise.all([rm(filePath(guid), { force: true }), rm(`${filePath(guid)}.json`, { force: true })]);
        await catalog.update(guid, { status: 'failed', failureReason: 'The upload was not finished in time' });
      }
      return guids.length;
    },
    playbackUrl(kind: PlaybackKind, guid: string) {
      const expires = nowSeconds() + PLAYBACK_LINK_SECONDS;
      const sig = playbackSignature(secret, kind, guid, expires);
      return `${videoHostPaths.play.replace('play/', `${kind}/`)}${guid}?expires=${expires}&sig=${sig}`;
    },
    checkPlayback(kind: PlaybackKind, guid: string, expires: number, sig: string) {
      return expires > nowSeconds() && sameText(sig, playbackSignature(secret, kind, guid, expires));
    },
    async file(kind: PlaybackKind, guid: string) {
      const file = kind === 'play' ? filePath(guid) : posterPath(guid);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { file, size: info.size } : null;
    },
    async remove(guid: string) {
      await Promise.all([
        rm(filePath(guid), { force: true }),
        rm(`${filePath(guid)}.json`, { force: true }),
        rm(posterPath(guid), { force: true }),
      ]);
    },
  };
}
