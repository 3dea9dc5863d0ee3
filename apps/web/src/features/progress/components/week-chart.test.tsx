import type { ChartMode, HealthMetricKind } from '@rehabit/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeekChart } from './week-chart.tsx';

const days = (values: (number | null)[]) =>
  values.map((value, i) => ({ date: `2026-11-${String(15 + i).padStart(2, '0')}`, value }));

/** The numbers written on the chart's axes. */
function axisNumbers(kind: HealthMetricKind, values: (number | null)[], mode: ChartMode) {
  render(<WeekChart kind={kind} days={days(values)} mode={mode} />);
  const svg = screen.getByRole('img');
  return [...svg.querySelectorAll('.week-chart__axis text')]
    .map((text) => text.textContent ?? '')
    .filter((text) => /^[\d.,]+K?$/.test(text))
    .map((text) => (text.endsWith('K') ? Number(text.slice(0, -1)) * 1000 : Number(text.replace(',', ''))));
}

describe('a week chart', () => {
  it('never runs an axis past what the measure can take, however wide the fitted curve', () => {
    // Mean 94%, standard deviation 14: three deviations above is 136%, which no engagement reaches.
    const engagement = axisNumbers('engagement', [100, 100, 100, 100, 100, 60, 100], 'normalDistribution');
    expect(Math.max(...engagement)).toBe(100);
    expect(Math.min(...engagement)).toBeGreaterThanOrEqual(0);
  });

  it('keeps pain inside 0 to 10 and a reading inside the range the API accepts', () => {
    const pain = axisNumbers('painlevel', [9, 10, 10, 2, 10, null, 10], 'normalDistribution');
    expect(Math.max(...pain)).toBeLessThanOrEqual(10);
    document.body.innerHTML = '';
    // A heart rate cannot be under 20 bpm: the axis starts there, not at 0.
    expect(axisNumbers('heart_rate', [60, 72, null, 80, null, null, null], 'linear')).toEqual([20, 90, 160]);
  });
});
