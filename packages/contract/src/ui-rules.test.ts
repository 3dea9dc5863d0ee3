import { describe, expect, it } from 'vitest';
import { totalPages } from './pagination.ts';
import {
  badgeOffset,
  badgeOffsets,
  badgeSize,
  formatElapsed,
  isMobileDevice,
  isNarrowForDatePicker,
  isValidPageChange,
  monitoringDisplayName,
  pageWindow,
  typeaheadMatch,
} from './ui-rules.ts';

describe('totalPages', () => {
  it.each([
    [0, 25, 0],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [100, 25, 4],
    [101, 25, 5],
    [7, 3, 3],
    [-5, 25, 0],
    [10, 0, 0],
  ])('%i items at %i per page → %i pages', (items, perPage, pages) => {
    expect(totalPages(items, perPage)).toBe(pages);
  });

  it('uses the default page size of 25', () => {
    expect(totalPages(51)).toBe(3);
  });
});

describe('pageWindow', () => {
  it.each([
    // current, total, pages, first/leading, last/trailing, prev, next
    [1, 1, [1], false, false, false, false],
    [1, 10, [1, 2, 3], false, true, false, true],
    [3, 10, [1, 2, 3, 4, 5], false, true, true, true],
    [4, 10, [2, 3, 4, 5, 6], true, true, true, true],
    [8, 10, [6, 7, 8, 9, 10], true, false, true, true],
    [10, 10, [8, 9, 10], true, false, true, false],
    [2, 3, [1, 2, 3], false, false, true, true],
    [99, 5, [3, 4, 5], true, false, true, false],
  ] as const)('page %i of %i', (current, total, pages, leading, trailing, prev, next) => {
    const window = pageWindow(current, total);
    expect(window.pages).toEqual(pages);
    expect(window.showFirst).toBe(leading);
    expect(window.showLeadingEllipsis).toBe(leading);
    expect(window.showLast).toBe(trailing);
    expect(window.showTrailingEllipsis).toBe(trailing);
    expect(window.canGoPrevious).toBe(prev);
    expect(window.canGoNext).toBe(next);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageWindow(1, 0)).toMatchObject({ pages: [], canGoPrevious: false, canGoNext: false, showLast: false });
  });

  it('takes a custom window size', () => {
    expect(pageWindow(5, 10, 1).pages).toEqual([4, 5, 6]);
  });
});

describe('isValidPageChange', () => {
  it.each([
    [0, 1, 5, false],
    [1, 2, 5, true],
    [5, 1, 5, true],
    [6, 1, 5, false],
    [3, 3, 5, false],
    [2.5, 1, 5, false],
    [1, 1, 0, false],
  ])('to %d from %d of %d → %s', (target, current, total, valid) => {
    expect(isValidPageChange(target, current, total)).toBe(valid);
  });
});

describe('badge rules', () => {
  it.each([
    ['big', 'big'],
    ['normal', 'normal'],
    ['huge', 'normal'],
    [undefined, 'normal'],
    ['BIG', 'normal'],
  ])('size %s → %s', (size, expected) => {
    expect(badgeSize(size)).toBe(expected);
  });

  it.each([
    ['0px', '0px'],
    ['12px', '12px'],
    ['-20px', '-20px'],
    ['-3px', '-3px'],
    ['12', 'fallback'],
    ['1.5px', 'fallback'],
    ['12em', 'fallback'],
    ['+4px', 'fallback'],
    [' 4px', 'fallback'],
    ['', 'fallback'],
    [undefined, 'fallback'],
    [4, 'fallback'],
  ])('offset %s → %s', (value, expected) => {
    expect(badgeOffset(value, 'fallback')).toBe(expected);
  });

  it('defaults offsets to 0px and -20px', () => {
    expect(badgeOffsets()).toEqual({ x: '0px', y: '-20px' });
    expect(badgeOffsets('5px', 'bad')).toEqual({ x: '5px', y: '-20px' });
  });
});

describe('formatElapsed', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [59, '59s'],
    [60, '1m 0s'],
    [65, '1m 5s'],
    [3600, '60m 0s'],
    [12.9, '12s'],
    [-3, '0s'],
    [Number.NaN, '0s'],
  ])('%d seconds → %s', (seconds, text) => {
    expect(formatElapsed(seconds)).toBe(text);
  });
});

describe('monitoringDisplayName', () => {
  it.each([
    [{ first_name: 'Maria', last_name: 'lopez' }, 'Maria L.'],
    [{ first_name: ' Ann ', last_name: '' }, 'Ann'],
  ])('%o → %s', (patient, name) => {
    expect(monitoringDisplayName(patient)).toBe(name);
  });
});

describe('typeaheadMatch', () => {
  const labels = ['Apple', 'Banana', 'Blueberry', 'Cherry'];
  it.each([
    ['b', -1, 1],
    ['b', 1, 2],
    ['b', 2, 1],
    ['bl', 1, 2],
    ['bb', 1, 2],
    ['ch', 0, 3],
    ['z', 0, -1],
    ['', 0, -1],
    ['A', 3, 0],
  ])('%s from %i → %i', (query, active, expected) => {
    expect(typeaheadMatch(labels, query, active)).toBe(expected);
  });
});

describe('device rules', () => {
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
  it.each([
    [desktop, 1280, false],
    [desktop, 767, true],
    [desktop, 768, false],
    [iphone, 1280, true],
  ])('%s at %i px → mobile %s', (ua, width, mobile) => {
    expect(isMobileDevice(ua, width)).toBe(mobile);
  });

  it.each([
    [768, true],
    [769, false],
    [360, true],
  ])('date picker at %i px → narrow %s', (width, narrow) => {
    expect(isNarrowForDatePicker(width)).toBe(narrow);
  });
});
