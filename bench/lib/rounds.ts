/**
 * Sides measured in alternating rounds (A, B, A, B, …), so that a noisy neighbour on this shared machine slows
 * both sides alike. Every round is printed as it ends; the summary gives each side's median, min and max.
 */
import type { LoadResult } from './load.ts';

export type Side = { label: string; measure: () => Promise<LoadResult> };
export type Spread = { median: number; min: number; max: number };
export type SideSummary = { label: string; rounds: LoadResult[]; rps: Spread; p50: Spread; p95: Spread; p99: Spread };

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median: round2(median), min: round2(sorted[0] ?? 0), max: round2(sorted.at(-1) ?? 0) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function alternateRounds(sides: Side[], rounds: number): Promise<SideSummary[]> {
  const results = sides.map(() => [] as LoadResult[]);
  for (let round = 1; round <= rounds; round++) {
    for (const [i, side] of sides.entries()) {
      const r = await side.measure();
      results[i]!.push(r);
      console.log(
        `  round ${round}/${rounds}  ${side.label.padEnd(40)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms`,
      );
    }
  }
  const summaries = sides.map((side, i) => {
    const rs = results[i]!;
    return {
      label: side.label,
      rounds: rs,
      rps: spread(rs.map((r) => r.rps)),
      p50: spread(rs.map((r) => r.p50)),
      p95: spread(rs.map((r) => r.p95)),
      p99: spread(rs.map((r) => r.p99)),
    };
  });
  printSummaries(summaries);
  return summaries;
}

export const showSpread = (s: Spread, digits = 0) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

export function printSummaries(summaries: SideSummary[]) {
  console.log(`\n  ${'side'.padEnd(40)} ${'req/s median (min–max)'.padEnd(26)} p95 ms median (min–max)`);
  for (const s of summaries) {
    console.log(`  ${s.label.padEnd(40)} ${showSpread(s.rps).padEnd(26)} ${showSpread(s.p95, 1)}`);
  }
}

/** Round-by-round ratio of a side's req/s to its baseline's (rounds pair up in order), as a spread. */
export const rpsRatio = (side: SideSummary, baseline: SideSummary): Spread =>
  spread(side.rounds.map((r, i) => r.rps / (baseline.rounds[i]?.rps || Number.NaN)));
