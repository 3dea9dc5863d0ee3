import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientConfig } from '../src/video-host/s3-storage.ts';
import { tempDir } from './videos-support.ts';

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  /** The variables that point the app at this bucket. */
  env: Record<string, string>;
  client: S3Client;
  keys: () => Promise<string[]>;
  get: (key: string) => Promise<Buffer>;
  close: () => Promise<void>;
};

/**
 * s3rver, an S3-compatible server, in this process on a free port with one bucket: empty in a new temporary folder,
 * or kept in `directory` from one start to the next (the local cluster's videos).
 */
export async function startFakeS3(bucket = 'rehabit-videos', directory = tempDir('rehabit-s3-')): Promise<FakeS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  addMultipartCalls(server as unknown as KoaLike, bucket);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client(
    s3ClientConfig({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials }),
  );
  return {
    endpoint,
    bucket,
    env: {
      VIDEO_S3_BUCKET: bucket,
      VIDEO_S3_ENDPOINT: endpoint,
      VIDEO_S3_REGION: 'us-east-1',
      VIDEO_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      VIDEO_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      VIDEO_S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((o) => o.Key!).sort();
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
    },
  };
}

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
};
type KoaLike = {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath: (bucket: string, key: string | undefined, resource: string) => string };
};

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver 3.7.1 stores multipart uploads but has no ListParts or AbortMultipartUpload, which resumable uploads
 * (the tus S3 store) rely on. Both are answered here from s3rver's own part files, as S3 documents them.
 */
function addMultipartCalls(server: KoaLike, bucket: string) {
  const handler = async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (typeof uploadId !== 'string' || !match || match[1] !== bucket || !['GET', 'DELETE'].includes(ctx.method)) {
      return next();
    }
    const dir = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    const exists = await stat(dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!exists) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlText(uploadId)}</UploadId></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const numbers = (await readdir(dir)).filter((f) => /^\d+$/.test(f)).map(Number);
    numbers.sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(dir, String(n));
        // s3rver writes a part's checksum once the part is whole: a part whose upload was cut off (its server killed
        // mid-request) has none, and S3 does not list a part it did not finish receiving.
        const md5 = await readFile(`${file}.md5`, 'utf8').catch(() => null);
        if (md5 === null) return '';
        const info = await stat(file);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    const key = decodeURIComponent(match[2]!);
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${xmlText(key)}</Key><UploadId>${xmlText(uploadId)}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
  // Before s3rver's router, which is the last of its middleware.
  server.middleware.splice(server.middleware.length - 1, 0, handler);
}
