/**
 * Upload throughput of the built-in video host: a 256 MB file sent by tus (tus-js-client in a process of its own,
 * loopback, the real server in a process of its own with its signature checks and production logging) side by
 * side with a raw disk write of the same bytes to the same directory, also in a process of its own. The two take
 * turns round by round; between rounds the written files are flushed to disk (sync) and deleted, so no round
 * pays for the previous one's dirty pages or finds a fuller directory. Goal: tus ≥ 50% of the raw write's MB/s.
 *
 *   npm run bench:upload            (BENCH_UPLOAD_MB=256, BENCH_ROUNDS=3, BENCH_CHUNK_MB=0 for one request)
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { spread } from '../lib/rounds.ts';

const MB = 1024 * 1024;
const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 256);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK_MB = Number(process.env.BENCH_CHUNK_MB ?? 0);

const work = mkdtempSync(path.join(tmpdir(), 'rehabit-bench-upload-'));
const storageDir = path.join(work, 'videos');
const source = path.join(work, 'source.mp4');
mkdirSync(storageDir, { recursive: true });

// Random bytes (so nothing compresses or deduplicates) behind an MP4 header, which the host checks.
const head = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32', 'hex');
const file = createWriteStream(source);
file.write(head);
for (let i = 0; i < SIZE_MB; i += 1) file.write(randomBytes(MB));
await new Promise((resolve) => file.end(resolve));
const bytes = statSync(source).size;

const server = await startServer({
  label: 'upload-rehabit',
  script: script('./server.ts'),
  nodeArgs: ['--max-semi-space-size=64', '--import', 'tsx'],
  env: { NODE_ENV: 'test', BENCH_UPLOAD_WORK: work },
  readyPath: '/health',
});
const { token } = (await (await fetch(`${server.url}/bench/token`)).json()) as { token: string };

async function tusUpload(): Promise<number> {
  const res = await fetch(`${server.url}/video/create_by_therapist`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Benchmark', size: bytes }),
  });
  const c = (await res.json()) as Record<string, string>;
  const headers = {
    AuthorizationSignature: c.signature,
    AuthorizationExpire: String(c.expiration),
    VideoId: c.video_id,
    LibraryId: c.library_id,
  };
  const args = [
    script('./client.ts'),
    `${server.url}${c.upload_url}`,
    source,
    JSON.stringify(headers),
    String(CHUNK_MB),
  ];
  const { stdout } = await run(process.execPath, ['--import', 'tsx', ...args]);
  return Number(stdout.trim());
}

async function rawWrite(): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    script('./raw-write.ts'),
    source,
    path.join(storageDir, 'raw'),
  ]);
  return Number(stdout.trim());
}

/** Flushes what the last round wrote and deletes it (the source file stays). */
async function settle() {
  await run('sync');
  for (const name of readdirSync(storageDir)) rmSync(path.join(storageDir, name), { recursive: true, force: true });
}

const mbps = (seconds: number) => Math.round(bytes / MB / seconds);
try {
  // One of each first, to create directories and warm the source file's pages for both alike.
  await rawWrite();
  await tusUpload();
  await settle();
  const raw: number[] = [];
  const viaTus: number[] = [];
  const tusLabel = `tus upload (${CHUNK_MB > 0 ? `${CHUNK_MB} MB chunks` : 'one request'})`;
  for (let round = 1; round <= ROUNDS; round += 1) {
    raw.push(mbps(await rawWrite()));
    await settle();
    console.log(`  round ${round}/${ROUNDS}  raw disk write      ${raw.at(-1)} MB/s`);
    viaTus.push(mbps(await tusUpload()));
    await settle();
    console.log(`  round ${round}/${ROUNDS}  ${tusLabel.padEnd(19)} ${viaTus.at(-1)} MB/s`);
  }
  const [rawSpread, tusSpread] = [spread(raw), spread(viaTus)];
  const ratios = spread(viaTus.map((t, i) => t / raw[i]!));
  const show = (s: typeof rawSpread) => `${s.median} (${s.min}–${s.max})`;
  console.log(`\n${(bytes / MB).toFixed(0)} MB, ${ROUNDS} rounds: MB/s median (min–max)`);
  console.log(`  raw disk write: ${show(rawSpread)}\n  ${tusLabel}: ${show(tusSpread)}`);
  saveResult({
    name: 'upload',
    command: 'npm run bench:upload',
    goals: [
      {
        what: `tus upload of ${(bytes / MB).toFixed(0)} MB vs a raw disk write, MB/s`,
        goal: '≥ 50%',
        measured: `${Math.round(ratios.median * 100)}% (rounds ${Math.round(ratios.min * 100)}–${Math.round(ratios.max * 100)}%)`,
        met: ratios.median >= 0.5,
      },
    ],
    markdown: [
      `${(bytes / MB).toFixed(0)} MB of random bytes, ${ROUNDS} alternating rounds, files synced and deleted between rounds.`,
      '',
      '| side | MB/s median | min | max |',
      '|---|---|---|---|',
      `| raw disk write (own process) | ${rawSpread.median} | ${rawSpread.min} | ${rawSpread.max} |`,
      `| ${tusLabel} to the real server | ${tusSpread.median} | ${tusSpread.min} | ${tusSpread.max} |`,
    ].join('\n'),
  });
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
