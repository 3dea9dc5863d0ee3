import { describe, expect, it } from 'vitest';
import { makeTrend, odiSeries } from '../progress-fixtures.ts';
import { axisMax, hasHistory, outcomeMarks, trendMeasures } from './trend.ts';

const [engagement, pain, steps] = trendMeasures;

describe('the trend', () => {
  it('opens first from the eighth day of the episode, to today or its end', () => {
    expect(hasHistory({ ...makeTrend('2026-11-12'), today: '2026-11-19' })).toBe(true);
    expect(hasHistory({ ...makeTrend('2026-11-13'), today: '2026-11-19' })).toBe(false);
    const ended = makeTrend('2026-11-10');
    expect(hasHistory({ ...ended, episode: { started: '2026-11-10', ended: '2026-11-15' } })).toBe(false);
    expect(hasHistory({ ...ended, episode: null, registered: '2026-09-01' })).toBe(true);
    // Weeks of nothing (registered, never given a program) are no history to open on.
    const idle = ended.weeks.map((w) => ({ ...w, assigned: 0, done: 0, engagement: null, data_days: 0 }));
    expect(hasHistory({ ...ended, episode: null, registered: '2026-09-01', weeks: idle })).toBe(false);
  });

  it('holds every axis inside its measure: engagement 0–100%, pain 0–10, steps from 0 to what a day can hold', () => {
    const weeks = makeTrend().weeks;
    expect([engagement.range, pain.range, steps.range]).toEqual([
      [0, 100],
      [0, 10],
      [0, 100_000],
    ]);
    expect(axisMax(engagement, weeks)).toBe(100);
    expect(axisMax(pain, weeks)).toBe(10);
    expect(axisMax(steps, weeks)).toBe(10_000);
    expect(
      axisMax(
        steps,
        weeks.map((w) => ({ ...w, steps: 12_345 })),
      ),
    ).toBe(14_000);
    expect(
      axisMax(
        steps,
        weeks.map((w) => ({ ...w, steps: 99_900 })),
      ),
    ).toBe(100_000);
  });

  it('marks each assessment day at its week and weekday, and none outside the weeks charted', () => {
    const trend = makeTrend('2026-10-10');
    const early = { ...odiSeries.entries[0]!, id: 400, date: '2026-09-20' };
    expect(outcomeMarks(trend, [{ ...odiSeries, entries: [early, ...odiSeries.entries] }])).toEqual([
      // Oct 10 began the episode: the weeks start on Sunday Oct 4.
      { number: 1, date: '2026-11-01', week: 4, weekday: 0, scores: ['ODI 28%'] },
    ]);
  });
});
