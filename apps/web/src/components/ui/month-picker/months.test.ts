import { describe, expect, it } from 'vitest';
import { formatMonth, isMonth, monthsBetween } from './months.ts';

describe('months of the month pickers', () => {
  it('lists the months from the latest back to the first, across a new year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthsBetween('2025-01', '2025-01')).toEqual(['2025-01']);
    expect(monthsBetween('2025-03', '2025-01')).toEqual([]);
  });

  it('names a month and knows a month from anything else', () => {
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(isMonth('2026-03')).toBe(true);
    for (const value of ['2026-13', '2026-3', '2026-00', 'march', '', null]) expect(isMonth(value)).toBe(false);
  });
});
