import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { benchDir, repoRoot } from './processes.ts';

export type LoadResult = { label: string; requests: number; rps: number; p50: number; p95: number; p99: number };

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export function summarize(label: string, latencies: number[], seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    requests: sorted.length,
    rps: Math.round(sorted.length / seconds),
    p50: +percentile(sorted, 50).toFixed(2),
    p95: +percentile(sorted, 95).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
  };
}

type LoadOptions = Parameters<typeof loadTest>[0];

/** Runs loadTest in a load-client process of its own, so the client never shares an event loop with a server. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(benchDir, 'lib', 'load-client.ts')], {
      cwd: repoRoot,
      env: { ...process.env, BENCH_LOAD_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').at(-1)!));
      else reject(new Error(`${options.label}: the load client ended with ${code}`));
    });
  });
}

/** Runs `connections` loops of one request after another for `seconds` against loopback; stops by itself. */
export async function loadTest(options: {
  label: string;
  baseUrl: string;
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const dispatcher = new Agent({ connections: options.connections, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  const deadline = performance.now() + options.seconds * 1000;
  let failures = 0;
  let index = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const path = options.paths[index++ % options.paths.length]!;
      const start = performance.now();
      const res = await request(`${options.baseUrl}${path}`, { dispatcher, headers: options.headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) failures++;
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  await dispatcher.close();
  if (failures > 0) throw new Error(`${options.label}: ${failures} requests failed`);
  return summarize(options.label, latencies, options.seconds);
}

/** Times a function called back to back, for the same work without HTTP. */
export async function timeDirect(
  label: string,
  fn: (i: number) => Promise<unknown>,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < deadline; i++) {
    const start = performance.now();
    await fn(i);
    latencies.push(performance.now() - start);
  }
  return summarize(label, latencies, seconds);
}

export function printTable(results: LoadResult[]) {
  console.log(
    '\nscenario'.padEnd(44),
    'requests'.padStart(9),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'p99 ms'.padStart(8),
  );
  for (const r of results) {
    console.log(
      r.label.padEnd(43),
      String(r.requests).padStart(9),
      String(r.rps).padStart(8),
      String(r.p50).padStart(8),
      String(r.p95).padStart(8),
      String(r.p99).padStart(8),
    );
  }
}
