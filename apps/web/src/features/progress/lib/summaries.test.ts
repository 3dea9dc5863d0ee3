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

  it("says a day's pain is the average of its ratings, beside the patient's own latest rating", () => {
    const pain = chartSummary(
      'painlevel',
      [
        { date: week[0]!, value: 4.33, pain: { ratings: 3, latest: 4 } },
        { date: week[1]!, value: 6, pain: { ratings: 1, latest: 6 } },
      ],
      'linear',
    );
    expect(pain).toBe(
      "Pain by day: Sun 4.3 NPRS 0–10 (average of 3 ratings; the patient's latest 4), Mon 6 NPRS 0–10. Average 5.2 NPRS 0–10.",
    );
  });
});
