import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './parse-date.ts';

describe('typed dates', () => {
  it('reads the product, US and ISO forms', () => {
    expect(parseTypedDate('Mar 4, 2025')).toEqual(new Date(2025, 2, 4));
    expect(parseTypedDate('march 4, 2025')).toEqual(new Date(2025, 2, 4));
    expect(parseTypedDate('03/04/2025')).toEqual(new Date(2025, 2, 4));
    expect(parseTypedDate('3/4/2025')).toEqual(new Date(2025, 2, 4));
    expect(parseTypedDate(' 2025-03-04 ')).toEqual(new Date(2025, 2, 4));
  });

  it('takes only whole, real days', () => {
    for (const text of ['03/04/195', '02/30/2025', '2025-13-01', 'Foo 4, 2025', '', '4 March 2025']) {
      expect(parseTypedDate(text)).toBeNull();
    }
  });
});
