import type { ProgressDay } from '@rehabit/contract';

export type PainTrend =
  | { kind: 'none' }
  | { kind: 'one'; value: number }
  | { kind: 'down' | 'up'; from: number; to: number }
  | { kind: 'same'; value: number };

const round1 = (value: number) => Math.round(value * 10) / 10;
const average = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** A change smaller than this on the 0–10 scale is "about the same" (below what patients feel as a change). */
export const PAIN_CHANGE = 1;

/**
 * Pain over the week in words: the first half of the rated days against the second half, so one
 * bad day does not turn the whole week around.
 */
export function painTrend(days: readonly ProgressDay[]): PainTrend {
  const rated = days.map((day) => day.metrics.painlevel).filter((value): value is number => value !== null);
  if (rated.length === 0) return { kind: 'none' };
  if (rated.length === 1) return { kind: 'one', value: round1(rated[0]!) };
  const half = Math.floor(rated.length / 2);
  const from = round1(average(rated.slice(0, half)));
  const to = round1(average(rated.slice(rated.length - half)));
  if (Math.abs(to - from) < PAIN_CHANGE) return { kind: 'same', value: round1(average(rated)) };
  return { kind: to < from ? 'down' : 'up', from, to };
}
