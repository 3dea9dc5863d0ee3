import { describe, expect, it } from 'vitest';
import { chartSummary } from './summaries.ts';

const week = ['2026-11-15', '2026-11-16', '2026-11-17'];

describe('chartSummary', () => {
  it('gives the average of steps in whole steps, and of pain in tenths', () => {
    const steps = chartSummary(
      'steps',
      week.map((date, i) => ({ date, value: [7000, 7001, 7072][i]! })),
      'linear',
    );
    expect(steps).toMatch(/Average 7,024 steps\.$/);
    const pain = chartSummary(
      'painlevel',
      week.map((date, i) => ({ date, value: [3, 4, 4][i]! })),
      'linear',
    );
    expect(pain).toMatch(/Average 3\.7 NPRS 0–10\.$/);
  });
});
