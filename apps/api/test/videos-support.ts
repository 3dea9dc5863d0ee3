import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as tus from 'tus-js-client';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createTestClock, testConfig } from './helpers.ts';

export const tempDir = (prefix = 'rehabit-videos-') => mkdtempSync(path.join(tmpdir(), prefix));

export const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Whether ffmpeg is installed here; tests that need a real clip skip the poster checks without it. */
export const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A real one-second MP4 when ffmpeg is there, else bytes that start like one. */
export function makeClip(dir: string) {
  const file = path.join(dir, 'clip.mp4');
  if (hasFfmpeg) {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10',
      '-t',
      '1',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
  } else {
    writeFileSync(file, Buffer.concat([mp4Head(), randomBytes(4096)]));
  }
  return file;
}

/** An ISO BMFF `ftyp` box: the first bytes of every MP4. */
export const mp4Head = () => Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32', 'hex');

/** A file of `megabytes` MB that passes the container check; its bytes are random so a mix-up shows. */
export function makeBigFile(dir: string, megabytes: number) {
  const file = path.join(dir, `big-${megabytes}.mp4`);
  const chunks = [mp4Head()];
  for (let i = 0; i < megabytes; i += 1) chunks.push(randomBytes(1024 * 1024));
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

export type ListeningApp = { app: FastifyInstance; url: string };

/** The real app listening on a port, for clients that speak HTTP (tus-js-client, range requests). */
export async function listen(
  database: Database,
  storageDir: string,
  env: Record<string, string> = {},
  clock = createTestClock(new Date()),
): Promise<ListeningApp> {
  const app = await buildApp({
    config: testConfig({ VIDEO_STORAGE_DIR: storageDir, ...env }),
    database,
    clock,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

/** Closes at once, dropping open uploads mid-request, as a crash or a deploy would. */
export async function kill(app: FastifyInstance) {
  app.server.closeAllConnections();
  await app.close();
}

export async function waitFor<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
}

/** What creating a video answers: its ids and the signature its tus upload carries. */
export type UploadCredentials = {
  id: number;
  video_id: string;
  library_id: string;
  signature: string;
  expiration: number;
};

/** A staff member creates a video and gets the credentials to upload its file. */
export async function createVideo(app: FastifyInstance, token: string, body: object = {}): Promise<UploadCredentials> {
  const res = await app.inject({
    method: 'POST',
    url: '/video/create_by_therapist',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The headers that sign a tus upload with a video's credentials. */
export const tusHeadersOf = (c: UploadCredentials) => ({
  AuthorizationSignature: c.signature,
  AuthorizationExpire: String(c.expiration),
  VideoId: c.video_id,
  LibraryId: c.library_id,
});

/** Uploads a file over tus to the app at `baseUrl`; answers the finished upload. */
export function tusUpload(
  file: string,
  baseUrl: string,
  headers: Record<string, string>,
  options: Partial<tus.UploadOptions> = {},
) {
  return new Promise<tus.Upload>((resolve, reject) => {
    const u: tus.Upload = new tus.Upload(createReadStream(file), {
      endpoint: `${baseUrl}/tus/`,
      headers,
      uploadSize: statSync(file).size,
      retryDelays: [],
      metadata: { filename: path.basename(file) },
      onError: reject,
      onSuccess: () => resolve(u),
      ...options,
    });
    u.start();
  });
}
