import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { refuseNonVideo } from './file-store.ts';
import type { PlaybackKind } from './signature.ts';
import type { VideoStorage } from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Without them the SDK's own chain applies (AWS_* variables, instance or task roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** The tus S3 store, refusing a file whose first bytes are not a video container before anything is sent. */
class VideoS3Store extends S3Store {
  override async write(src: Readable, id: string, offset: number) {
    await refuseNonVideo(src, offset);
    return super.write(src, id, offset);
  }
}

/** The client settings shared by the tus store and our own calls. */
export const s3ClientConfig = (options: S3StorageOptions): S3ClientConfig => ({
  region: options.region,
  endpoint: options.endpoint,
  forcePathStyle: options.forcePathStyle,
  credentials: options.credentials,
  // Checksums only where S3 demands them: S3-compatible servers often reject the SDK's newer default headers.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return (
    e?.$metadata?.httpStatusCode === 404 || ['NotFound', 'NoSuchKey', 'NoSuchUpload'].includes(String(e?.name ?? ''))
  );
};

/**
 * Videos in an S3-compatible bucket, under their guid as the tus S3 store writes them (with `<guid>.info` for
 * the upload's state and `<guid>.part` for bytes short of a part), posters under `posters/<guid>.jpg`.
 */
export function createS3VideoStorage(options: S3StorageOptions): VideoStorage {
  const { bucket } = options;
  const config = s3ClientConfig(options);
  // The pinned SDK supports Node 20; its notice concerns releases after January 2027, which the pin never takes.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client(config);
  let store: VideoS3Store | undefined;
  const keyOf = (kind: PlaybackKind, guid: string) => (kind === 'play' ? guid : `posters/${guid}.jpg`);

  async function get(key: string, range?: string) {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
    return answer.Body as Readable;
  }
  const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));

  /** The multipart upload still open for a video, aborted so the bucket does not keep its parts. */
  async function abortUpload(guid: string) {
    const info = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${guid}.info` })).catch((err) => {
      if (isNotFound(err)) return null;
      throw err;
    });
    if (!info) return;
    info.Body?.transformToString().catch(() => undefined);
    const uploadId = info.Metadata?.['upload-id'];
    if (!uploadId) return;
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: guid, UploadId: uploadId }))
      .catch((err) => {
        if (!isNotFound(err)) throw err;
      });
  }

  return {
    kind: 's3',
    datastore() {
      store ??= new VideoS3Store({ s3ClientConfig: { ...config, bucket } });
      return store;
    },
    async head(guid, n) {
      const body = await get(keyOf('play', guid), `bytes=0-${n - 1}`).catch((err) => {
        // An empty object has no first bytes to range over.
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return null;
        throw err;
      });
      if (!body) return Buffer.alloc(0);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks).subarray(0, n);
    },
    async size(kind, guid) {
      try {
        const info = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(kind, guid) }));
        return info.ContentLength ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    read: (kind, guid, range) => get(keyOf(kind, guid), range ? `bytes=${range.start}-${range.end}` : undefined),
    async withLocalFile(guid, work) {
      const dir = await mkdtemp(path.join(tmpdir(), 'rehabit-video-'));
      try {
        const file = path.join(dir, guid);
        await pipeline(await get(keyOf('play', guid)), createWriteStream(file));
        return await work(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async put(kind, guid, file) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(kind, guid),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: kind === 'poster' ? 'image/jpeg' : 'application/octet-stream',
        }),
      );
      await rm(file, { force: true });
    },
    async removeUpload(guid) {
      await abortUpload(guid);
      await Promise.all([remove(guid), remove(`${guid}.info`), remove(`${guid}.part`)]);
    },
    async remove(guid) {
      await abortUpload(guid);
      await Promise.all([remove(guid), remove(`${guid}.info`), remove(`${guid}.part`), remove(keyOf('poster', guid))]);
    },
  };
}
