import { describe, expect, it } from 'vitest';
import { dosageText } from './dosage.ts';
import { moveItem, reorderedIds } from './reorder.ts';

describe('program order', () => {
  it('moves an item up, down and to either end, clamped to the list', () => {
    expect(moveItem([1, 2, 3, 4], 2, 0)).toEqual([3, 1, 2, 4]);
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3], 1, 9)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 1, -4)).toEqual([2, 1, 3]);
  });

  it('answers null for a move that changes nothing', () => {
    expect(reorderedIds([10, 20, 30], 10, -1)).toBeNull();
    expect(reorderedIds([10, 20, 30], 30, 2)).toBeNull();
    expect(reorderedIds([10, 20, 30], 99, 0)).toBeNull();
    expect(reorderedIds([10, 20, 30], 30, 1)).toEqual([10, 30, 20]);
  });
});

describe('dosage text', () => {
  it('reads sets, reps, hold and frequency in words', () => {
    const base = { sets: 3, reps: 10, hold_seconds: 5, times_per_day: 2, days_per_week: 5 };
    expect(dosageText(base)).toBe('3 sets × 10 reps · hold 5 s · 2× a day · 5 days a week');
    expect(dosageText({ ...base, sets: 1, reps: 1, hold_seconds: 0, times_per_day: 1, days_per_week: 7 })).toBe(
      '1 set × 1 rep · 1× a day · every day',
    );
  });
});
