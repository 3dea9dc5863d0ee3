/**
 * Upload throughput of the built-in video host: a 256 MB file sent by tus (tus-js-client in a process of its own,
 * loopback, the real server with its signature checks) side by side, in the same run, with a raw disk write of the same bytes
 * to the same directory. Prints MB/s and the ratio. Goal: tus ≥ 50% of the raw write.
 *
 *   npm run bench:upload            (BENCH_UPLOAD_MB=256, BENCH_ROUNDS=3, BENCH_CHUNK_MB=0 for one request)
 */

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { makeClinic, makeUser, PASSWORD } from '../../apps/api/test/factories.ts';
import { testConfig } from '../../apps/api/test/helpers.ts';

const MB = 1024 * 1024;
const run = promisify(execFile);
// The client runs in its own process, as the browser does on its own machine; it times its upload itself.
const clientScript = fileURLToPath(new URL('./client.ts', import.meta.url));
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 256);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK_MB = Number(process.env.BENCH_CHUNK_MB ?? 0);

const work = mkdtempSync(path.join(tmpdir(), 'rehabit-bench-upload-'));
const storageDir = path.join(work, 'videos');
const source = path.join(work, 'source.mp4');
mkdirSync(storageDir, { recursive: true });

// Random bytes (so nothing compresses or deduplicates) behind an MP4 header, which the host checks.
const head = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32', 'hex');
const block = randomBytes(MB);
const file = createWriteStream(source);
file.write(head);
for (let i = 0; i < SIZE_MB; i += 1) file.write(i % 2 === 0 ? block : randomBytes(MB));
await new Promise((resolve) => file.end(resolve));
const bytes = statSync(source).size;

const database = await openDatabase({});
await runMigrations(database);
// Processing (ffprobe, ffmpeg) runs after the upload and is not measured.
const config = testConfig({
  VIDEO_STORAGE_DIR: storageDir,
  FFPROBE_PATH: '/nonexistent',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const clinic = await makeClinic(database.db);
const user = await makeUser(database.db, clinic.id);
const token = (
  await app.inject({
    method: 'POST',
    url: '/clinic/therapist/signin',
    payload: { email: user.email, password: PASSWORD },
  })
).json().token as string;

async function tusUpload(): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/video/create_by_therapist',
    headers: { authorization: `Bearer ${token}` },
    payload: { title: 'Benchmark', size: bytes },
  });
  const c = res.json();
  const headers = {
    AuthorizationSignature: c.signature,
    AuthorizationExpire: String(c.expiration),
    VideoId: c.video_id,
    LibraryId: c.library_id,
  };
  const args = [clientScript, `${baseUrl}${c.upload_url}`, source, JSON.stringify(headers), String(CHUNK_MB)];
  const { stdout } = await run(process.execPath, ['--import', 'tsx', ...args]);
  return Number(stdout.trim());
}

async function rawWrite(round: number): Promise<number> {
  const started = performance.now();
  await pipeline(createReadStream(source), createWriteStream(path.join(storageDir, `raw-${round + 1}`)));
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  // One of each first, to create directories and warm the page cache for both alike.
  await rawWrite(-1);
  await tusUpload();
  const raw: number[] = [];
  const viaTus: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    raw.push(await rawWrite(round));
    viaTus.push(await tusUpload());
  }
  const mbps = (seconds: number) => bytes / MB / seconds;
  const rows = [
    ['raw disk write (stream to file)', median(raw)],
    [`tus upload (${CHUNK_MB > 0 ? `${CHUNK_MB} MB chunks` : 'one request'})`, median(viaTus)],
  ] as const;
  console.log(`\n${(bytes / MB).toFixed(0)} MB, median of ${ROUNDS} rounds`);
  console.log('scenario'.padEnd(36), 'seconds'.padStart(9), 'MB/s'.padStart(9));
  for (const [label, seconds] of rows) {
    console.log(label.padEnd(36), seconds.toFixed(2).padStart(9), mbps(seconds).toFixed(0).padStart(9));
  }
  const ratio = median(raw) / median(viaTus);
  console.log(`\ntus / raw: ${(ratio * 100).toFixed(0)}% (goal ≥ 50%) ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
} finally {
  await app.close();
  await database.close();
  rmSync(work, { recursive: true, force: true });
}
