/** The capacity benchmark's figures as bench/README.md shows them (run.ts hands them to saveResult). */
import type { Spread } from '../lib/rounds.ts';
import type { StepResult } from './ramp.ts';

/** The most people of a ramp's steps that met the goal (the ramp stops at the first that does not); 0 if none. */
export const capacityOf = (steps: StepResult[]) => steps.filter((s) => s.passed).at(-1)?.users ?? 0;

type Ramp = { nodes: 1 | 2; round: number; steps: StepResult[] };
type Setting = {
  patients: number;
  therapists: number;
  share: number;
  rounds: number;
  steps: number[];
  stepSeconds: number;
  settleSeconds: number;
  p95Limit: number;
};

/** Ramps that met the goal at every step: their capacity is more than the top step, which is all they could show. */
function toppedOut(ramps: Ramp[], steps: number[]) {
  const top = Math.max(...steps);
  const full = ramps.filter((r) => r.steps.length > 0 && r.steps.every((s) => s.passed) && capacityOf(r.steps) === top);
  if (full.length === 0) return [];
  const which = full.map((r) => `round ${r.round} on ${r.nodes} node${r.nodes > 1 ? 's' : ''}`).join(', ');
  return [
    '',
    `At least: ${which} met the goal at every step up to the top one (${top.toLocaleString()} people), so its capacity is ${top.toLocaleString()} or more and the figures above are a floor for it; \`BENCH_STEPS\` with higher steps measures further.`,
  ];
}

const worstKind = (s: StepResult) => [...s.kinds].sort((a, b) => b.p95 - a.p95)[0];

export function markdown(
  setting: Setting,
  ramps: Ramp[],
  summary: { one: Spread; two: Spread; ratios: { ratio: number; rounds: number[] } },
) {
  const lines = [
    `A clinic of ${setting.patients.toLocaleString()} patients and ${setting.therapists} therapists on PostgreSQL; the nodes as \`npm start\` runs them (production, logging at info) behind HAProxy, with Redis; the load client in a process of its own on the same 2-core machine. People on line: ${Math.round(setting.share * 100)}% therapists, the rest patients (see "capacity" below). Steps of ${setting.steps.join(', ')} people, each ${setting.settleSeconds} s to settle and ${setting.stepSeconds} s measured; a ramp stops at the first step with p95 over ${setting.p95Limit} ms or an error. ${setting.rounds} rounds, each ramping 1 node (the second drained at the same proxy) and 2 nodes: 1 first in odd rounds, 2 first in even ones.`,
    '',
    '| nodes | people on line, median (min–max) | per node | 2 nodes ÷ 1 node (medians) |',
    '|---|---|---|---|',
    `| 1 | ${summary.one.median} (${summary.one.min}–${summary.one.max}) | ${summary.one.median} | |`,
    `| 2 | ${summary.two.median} (${summary.two.min}–${summary.two.max}) | ${Math.round(summary.two.median / 2)} | ${summary.ratios.ratio.toFixed(2)} (rounds: ${summary.ratios.rounds.map((r) => r.toFixed(2)).join(', ') || 'none'}) |`,
    ...toppedOut(ramps, setting.steps),
    '',
    'Every step of every round (p95 over every request; the socket handshake is counted in errors only):',
    '',
    '| round | nodes | people | therapists | patients | req/s | p95 ms | slowest kind, p95 ms | errors | |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of ramps) {
    for (const s of r.steps) {
      const worst = worstKind(s);
      lines.push(
        `| ${r.round} | ${r.nodes} | ${s.users} | ${s.therapists} | ${s.patients} | ${s.requestsPerSecond} | ${s.p95} | ${worst ? `${worst.kind} ${worst.p95}` : ''} | ${s.errors} | ${s.passed ? '✔' : '✘'} |`,
      );
    }
  }
  // Where the CPU went in the last round: the top step that met the goal and the step that missed it, per topology.
  const last = ramps.filter((r) => r.round === setting.rounds);
  const shown = last.flatMap((r) => {
    const passed = r.steps.filter((s) => s.passed).at(-1);
    const missed = r.steps.find((s) => !s.passed);
    return [passed, missed]
      .filter((s): s is StepResult => s !== undefined)
      .map((s) => ({ title: `${r.nodes} node${r.nodes > 1 ? 's' : ''}, ${s.users}${s.passed ? '' : ' (missed)'}`, s }));
  });
  if (shown.length > 0) {
    const labels = shown[0]!.s.cpu.map((c) => c.label);
    lines.push(
      '',
      `CPU of each process in round ${setting.rounds}, % of one core (the machine has 200%), at the top step that met the goal and the first that missed it:`,
      '',
      `| process | ${shown.map((x) => x.title).join(' | ')} |`,
      `|---|${shown.map(() => '---').join('|')}|`,
      ...labels.map(
        (label) =>
          `| ${label} | ${shown.map((x) => `${x.s.cpu.find((c) => c.label === label)?.percentOfCore ?? ''}%`).join(' | ')} |`,
      ),
    );
    const kinds = [...new Set(shown.flatMap((x) => x.s.kinds.map((k) => k.kind)))].sort();
    lines.push(
      '',
      'p95 ms by kind of request at the same steps (count in the window):',
      '',
      `| kind | ${shown.map((x) => x.title).join(' | ')} |`,
      `|---|${shown.map(() => '---').join('|')}|`,
      ...kinds.map((kind) => {
        const cells = shown.map((x) => {
          const k = x.s.kinds.find((y) => y.kind === kind);
          return k ? `${k.p95} (${k.count}${k.errors ? `, ${k.errors} errors` : ''})` : '';
        });
        return `| ${kind} | ${cells.join(' | ')} |`;
      }),
    );
  }
  return lines.join('\n');
}
