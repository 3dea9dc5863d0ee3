import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';
import type { Config } from '../config.ts';
import { createLocalVideoStorage } from './local-storage.ts';
import { createS3VideoStorage } from './s3-storage.ts';
import type { PlaybackKind } from './signature.ts';

/** One inclusive byte range of a stored file. */
export type ByteRange = { start: number; end: number };

/**
 * Where the video host keeps uploaded videos and their posters: the local disk by default, an S3-compatible
 * bucket when one is configured (decision 0201). The host, processing and playback only talk to this.
 */
export interface VideoStorage {
  readonly kind: 'local' | 's3';
  /** The tus data store uploads are written to; it refuses a first chunk that is not a video container. */
  datastore(): DataStore;
  /** The first `n` bytes of an uploaded video (fewer when it is shorter). */
  head(guid: string, n: number): Promise<Buffer>;
  /** The size of a stored video or poster, or null when there is none. */
  size(kind: PlaybackKind, guid: string): Promise<number | null>;
  /** The bytes of a stored video or poster, whole or one range of them. */
  read(kind: PlaybackKind, guid: string, range?: ByteRange): Promise<Readable>;
  /** Runs `work` with the video as a local file, fetched to a temporary file first when it is kept elsewhere. */
  withLocalFile<T>(guid: string, work: (file: string) => Promise<T>): Promise<T>;
  /** Stores a finished file made here: a poster from processing, or a demo clip. */
  put(kind: PlaybackKind, guid: string, file: string): Promise<void>;
  /** Removes what an unfinished upload left (its bytes so far and the offsets). */
  removeUpload(guid: string): Promise<void>;
  /** Removes everything kept for a video. */
  remove(guid: string): Promise<void>;
}

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'VIDEO_STORAGE_DIR'
  | 'VIDEO_S3_BUCKET'
  | 'VIDEO_S3_ENDPOINT'
  | 'VIDEO_S3_REGION'
  | 'VIDEO_S3_ACCESS_KEY_ID'
  | 'VIDEO_S3_SECRET_ACCESS_KEY'
  | 'VIDEO_S3_FORCE_PATH_STYLE'
>;

/** The bucket when `VIDEO_S3_BUCKET` is set, else `VIDEO_STORAGE_DIR` (`<DATA_DIR>/videos`). */
export function videoStorageFromConfig(config: StorageConfig): VideoStorage {
  if (!config.VIDEO_S3_BUCKET) {
    return createLocalVideoStorage(config.VIDEO_STORAGE_DIR ?? path.join(config.DATA_DIR, 'videos'));
  }
  return createS3VideoStorage({
    bucket: config.VIDEO_S3_BUCKET,
    region: config.VIDEO_S3_REGION,
    endpoint: config.VIDEO_S3_ENDPOINT,
    forcePathStyle: config.VIDEO_S3_FORCE_PATH_STYLE,
    credentials:
      config.VIDEO_S3_ACCESS_KEY_ID && config.VIDEO_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.VIDEO_S3_ACCESS_KEY_ID, secretAccessKey: config.VIDEO_S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
