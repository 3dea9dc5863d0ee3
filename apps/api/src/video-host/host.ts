import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaptionLanguage, VideoStatus } from '@rehabit/contract';
import { videoHostPaths } from '@rehabit/contract';
import type { Clock } from '../lib/clock.ts';
import { createJobQueue, probeVideo } from './processing.ts';
import { type PlaybackKind, playbackSignature, type SignedKind, sameText, uploadSignature } from './signature.ts';
import { SNIFF_BYTES, sniffVideo } from './sniff.ts';
import type { ByteRange, VideoStorage } from './storage.ts';

/** What the host reports of an upload's life; the catalog writes it to the audit log as the video's owner. */
export type VideoHostEvent = {
  action:
    | 'video.upload_started'
    | 'video.upload_finished'
    | 'video.upload_expired'
    | 'video.processing_ready'
    | 'video.processing_failed';
  outcome: 'success' | 'failure';
  detail?: Record<string, unknown>;
};

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
  record: (guid: string, event: VideoHostEvent) => Promise<void>;
  /** A caption track's WebVTT text, or null when the video has none in that language (decision 1405). */
  captions: (guid: string, language: CaptionLanguage) => Promise<string | null>;
};

export type VideoHostOptions = {
  storage: VideoStorage;
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
/** Clock difference between servers that a link made on one and checked on another may show. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * A signature is only as good as the lifetime this server would have given it: a link or credential whose expiry
 * lies further ahead was not made by Rehabit (or was made with a leaked secret) and is refused, whatever it says.
 */
const withinLifetime = (expires: number, now: number, lifetime: number) =>
  expires > now && expires <= now + lifetime + CLOCK_SKEW_SECONDS;

export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type VideoHost = ReturnType<typeof createVideoHost>;

/**
 * The built-in video host: resumable uploads checked by signature, a processing job, signed playback links.
 * It knows nothing of clinics: access is decided by whoever hands out the signatures (the videos module).
 */
export function createVideoHost(options: VideoHostOptions) {
  const { storage, secret, clock, catalog, log } = options;
  // Aborted when the server stops: the tool running ends at once instead of holding the stop up.
  const stopping = new AbortController();
  const queue = createJobQueue((err) => {
    if (!stopping.signal.aborted) log.error({ err }, 'video processing failed');
  });
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function process(guid: string) {
    const work = await mkdtemp(path.join(tmpdir(), 'rehabit-poster-'));
    try {
      const poster = path.join(work, `${guid}.jpg`);
      const result = await storage.withLocalFile(guid, (file) =>
        probeVideo(options.tools, file, poster, stopping.signal),
      );
      if (result.kind === 'ok' && result.hasPoster) await storage.put('poster', guid, poster);
      if (result.kind === 'unreadable') {
        await catalog.update(guid, { status: 'failed', failureReason: result.reason });
        await catalog.record(guid, {
          action: 'video.processing_failed',
          outcome: 'failure',
          detail: { reason: result.reason },
        });
      } else if (result.kind === 'missing-tools') {
        await catalog.update(guid, { status: 'ready', failureReason: null });
        await catalog.record(guid, {
          action: 'video.processing_ready',
          outcome: 'success',
          detail: { duration_seconds: null, poster: false },
        });
      } else {
        await catalog.update(guid, {
          status: 'ready',
          failureReason: null,
          durationSeconds: result.durationSeconds,
          hasPoster: result.hasPoster,
        });
        await catalog.record(guid, {
          action: 'video.processing_ready',
          outcome: 'success',
          detail: { duration_seconds: result.durationSeconds, poster: result.hasPoster },
        });
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    uploadUrl: options.uploadUrl,
    maxBytes: options.maxBytes,
    /** Created on first use, so an app that never uploads never touches the disk or the bucket. */
    store: () => storage.datastore(),
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
      if (!withinLifetime(Number(expire), nowSeconds(), UPLOAD_CREDENTIAL_SECONDS)) {
        return { status_code: 403, body: 'The upload signature has expired or outlives its lifetime\n' };
      }
      const video = await catalog.findUpload(videoId);
      if (!video) return { status_code: 404, body: 'No such video\n' };
      if (video.libraryId !== libraryId) return { status_code: 403, body: 'LibraryId does not match the video\n' };
      if (video.status !== 'uploading') return { status_code: 410, body: 'This video was uploaded already\n' };
      return null;
    },
    /** A tus creation request passed its checks: the upload begins. */
    async started(guid: string, size: number | undefined) {
      await catalog.record(guid, {
        action: 'video.upload_started',
        outcome: 'success',
        detail: { size: size ?? null },
      });
    },
    /** Called once the last byte is stored: the video moves to processing and a job takes it from there. */
    async finished(guid: string, size: number) {
      const mimeType = sniffVideo(await storage.head(guid, SNIFF_BYTES));
      await catalog.update(guid, { status: 'processing', sizeBytes: size, mimeType });
      await catalog.record(guid, {
        action: 'video.upload_finished',
        outcome: 'success',
        detail: { size_bytes: size, mime_type: mimeType },
      });
      queue.push(() => process(guid));
    },
    /** Jobs cut short by a restart run again. */
    async resumeProcessing() {
      for (const guid of await catalog.processingGuids()) queue.push(() => process(guid), { backlog: true });
    },
    /** The server stops: ends the ffprobe or ffmpeg at work and drops the waiting jobs (they resume at the next start). */
    async close() {
      stopping.abort(new Error('the server is stopping'));
      await queue.stop();
    },
    /**
     * Uploads never finished within their credentials' lifetime (plus an hour's grace) cannot finish any more:
     * their partial files are removed and the videos marked failed, so disks and libraries do not fill with them.
     */
    async expireStaleUploads() {
      const before = new Date(clock.now().getTime() - (UPLOAD_CREDENTIAL_SECONDS + 3600) * 1000);
      const guids = await catalog.staleUploadGuids(before);
      const reason = 'The upload was not finished in time';
      for (const guid of guids) {
        await storage.removeUpload(guid);
        await catalog.update(guid, { status: 'failed', failureReason: reason });
        await catalog.record(guid, { action: 'video.upload_expired', outcome: 'failure', detail: { reason } });
      }
      return guids.length;
    },
    playbackUrl(kind: PlaybackKind, guid: string) {
      const expires = nowSeconds() + PLAYBACK_LINK_SECONDS;
      const sig = playbackSignature(secret, kind, guid, expires);
      return `${videoHostPaths.play.replace('play/', `${kind}/`)}${guid}?expires=${expires}&sig=${sig}`;
    },
    /**
     * A caption track's link, signed like playback for the same hour: a `<track>` element cannot send a bearer
     * header either, so whoever was handed the video's link is handed its captions' (decision 1405).
     */
    captionsUrl(guid: string, language: CaptionLanguage) {
      const expires = nowSeconds() + PLAYBACK_LINK_SECONDS;
      const sig = playbackSignature(secret, `captions.${language}`, guid, expires);
      return `${videoHostPaths.captions}${guid}/${language}?expires=${expires}&sig=${sig}`;
    },
    checkPlayback(kind: SignedKind, guid: string, expires: number, sig: string) {
      return (
        withinLifetime(expires, nowSeconds(), PLAYBACK_LINK_SECONDS) &&
        sameText(sig, playbackSignature(secret, kind, guid, expires))
      );
    },
    captions: (guid: string, language: CaptionLanguage) => catalog.captions(guid, language),
    /** A stored video or poster for playback: its size, its type and a way to read it, or null when missing. */
    async file(kind: PlaybackKind, guid: string) {
      const size = await storage.size(kind, guid);
      if (size === null) return null;
      const type =
        kind === 'poster'
          ? 'image/jpeg'
          : (sniffVideo(await storage.head(guid, SNIFF_BYTES)) ?? 'application/octet-stream');
      return { size, type, read: (range?: ByteRange) => storage.read(kind, guid, range) };
    },
    /**
     * A video's stored poster as bytes, for documents that embed it (the program's handout), or null when there is
     * none or it is larger than `maxBytes` (a poster is a single frame: anything that large is not one).
     */
    async posterBytes(guid: string, maxBytes: number): Promise<Buffer | null> {
      const size = await storage.size('poster', guid);
      if (size === null || size > maxBytes) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read('poster', guid)) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    remove: (guid: string) => storage.remove(guid),
  };
}
