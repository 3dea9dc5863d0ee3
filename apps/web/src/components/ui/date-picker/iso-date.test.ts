import { describe, expect, it } from 'vitest';
import { dateToIso, isoToDate } from './iso-date.ts';

describe('ISO days and calendar dates', () => {
  it('reads a day as local midnight and writes it back unchanged', () => {
    const date = isoToDate('1956-02-29');
    expect(date).toEqual(new Date(1956, 1, 29));
    expect(dateToIso(date)).toBe('1956-02-29');
  });

  it.each([null, undefined, '', '02/29/1956', '1956-2-9'])('%s is no day', (value) => {
    expect(isoToDate(value)).toBeNull();
  });

  it('writes nothing for no day', () => {
    expect(dateToIso(null)).toBeUndefined();
  });
});
