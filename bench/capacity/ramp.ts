/**
 * One ramp: a load client in a process of its own (client.ts) adds people step by step, and each step's window is
 * measured (latency by kind, errors, CPU of every process) until a step misses the goal (p95 ≤ the limit, no errors).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { percentile } from '../lib/load.ts';
import { benchDir, repoRoot } from '../lib/processes.ts';
import { type CpuUse, startCpuWindow, type Watched } from './cpu.ts';
import type { PatientLogin, TherapistLogin } from './data.ts';
import type { ClientCommand, ClientReply } from './protocol.ts';

/** Kinds outside the p95 goal: opening the socket is a connection's handshake, not a request a screen waits on. */
const NOT_REQUESTS = new Set(['socket connect']);

export type KindResult = { kind: string; count: number; p50: number; p95: number; errors: number };
export type StepResult = {
  users: number;
  therapists: number;
  patients: number;
  requestsPerSecond: number;
  p95: number;
  errors: number;
  passed: boolean;
  kinds: KindResult[];
  errorSamples: string[];
  cpu: CpuUse;
};

export type RampOptions = {
  label: string;
  origin: string;
  steps: number[];
  therapistShare: number;
  therapists: TherapistLogin[];
  patients: PatientLogin[];
  settleSeconds: number;
  stepSeconds: number;
  p95LimitMs: number;
  /** The processes whose CPU is read in each window, the load client's own added here. */
  watched: Watched[];
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startClient(): { child: ChildProcess; ask: (command: ClientCommand) => Promise<ClientReply> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(benchDir, 'capacity', 'client.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (command: ClientCommand) =>
    new Promise<ClientReply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load client ended with ${code}`));
      child.once('exit', onExit);
      child.once('message', (reply: ClientReply) => {
        child.removeListener('exit', onExit);
        resolve(reply);
      });
      child.send(command);
    });
  return { child, ask };
}

export async function ramp(options: RampOptions): Promise<StepResult[]> {
  const { child, ask } = startClient();
  const watched: Watched[] = [...options.watched, { label: 'load client', pids: () => [child.pid!] }];
  const results: StepResult[] = [];
  try {
    for (const users of options.steps) {
      const grown = await ask({
        type: 'grow',
        origin: options.origin,
        users,
        therapistShare: options.therapistShare,
        therapists: options.therapists,
        patients: options.patients,
      });
      if (grown.type !== 'grown') throw new Error('the load client did not grow');
      await sleep(options.settleSeconds * 1000);
      const endCpu = await startCpuWindow(watched);
      child.send({ type: 'window-start' } satisfies ClientCommand);
      await sleep(options.stepSeconds * 1000);
      const window = await ask({ type: 'window-end' });
      const cpu = await endCpu();
      if (window.type !== 'window') throw new Error('the load client sent no window');

      const kinds: KindResult[] = window.kinds
        .map((k) => {
          const sorted = k.latencies.sort((a, b) => a - b);
          return {
            kind: k.kind,
            count: sorted.length,
            p50: round1(percentile(sorted, 50)),
            p95: round1(percentile(sorted, 95)),
            errors: k.errors,
          };
        })
        .sort((a, b) => a.kind.localeCompare(b.kind));
      const all = window.kinds
        .filter((k) => !NOT_REQUESTS.has(k.kind))
        .flatMap((k) => k.latencies)
        .sort((a, b) => a - b);
      const errors = kinds.reduce((sum, k) => sum + k.errors, 0);
      const p95 = round1(percentile(all, 95));
      const step: StepResult = {
        users,
        therapists: grown.therapists,
        patients: grown.patients,
        requestsPerSecond: Math.round(all.length / options.stepSeconds),
        p95,
        errors,
        passed: errors === 0 && p95 <= options.p95LimitMs && all.length > 0,
        kinds,
        errorSamples: window.errorSamples,
        cpu,
      };
      results.push(step);
      printStep(options.label, step);
      if (!step.passed) break;
    }
  } finally {
    if (child.exitCode === null) await ask({ type: 'stop' }).catch(() => undefined);
    if (child.exitCode === null) child.kill();
  }
  return results;
}

function printStep(label: string, s: StepResult) {
  console.log(
    `  ${label.padEnd(20)} ${String(s.users).padStart(5)} users (${s.therapists} therapists, ${s.patients} patients)  ${String(s.requestsPerSecond).padStart(4)} req/s  p95 ${s.p95} ms  errors ${s.errors}  ${s.passed ? 'ok' : 'MISSED'}`,
  );
  for (const k of s.kinds) {
    console.log(
      `      ${k.kind.padEnd(26)} ${String(k.count).padStart(6)}  p50 ${String(k.p50).padStart(6)} ms  p95 ${String(k.p95).padStart(6)} ms${k.errors ? `  errors ${k.errors}` : ''}`,
    );
  }
  for (const e of s.errorSamples) console.log(`      error: ${e}`);
  console.log(`      CPU (% of a core): ${s.cpu.map((c) => `${c.label} ${c.percentOfCore}%`).join(', ')}`);
}
