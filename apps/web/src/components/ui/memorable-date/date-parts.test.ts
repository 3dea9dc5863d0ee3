import { describe, expect, it } from 'vitest';
import { isoToParts, partsToIso } from './date-parts.ts';

describe('memorable date parts', () => {
  it.each([
    [{ month: '3', day: '4', year: '1956' }, '1956-03-04'],
    [{ month: '12', day: '31', year: '2001' }, '2001-12-31'],
    [{ month: '2', day: '30', year: '1990' }, '1990-02-30'],
    [{ month: '3', day: '', year: '1956' }, ''],
    [{ month: '', day: '', year: '' }, ''],
    [{ month: '3', day: '4', year: '56' }, '0056-03-04'],
  ])('%o → %s', (parts, iso) => {
    expect(partsToIso(parts)).toBe(iso);
  });

  it('reads a saved date back as typed parts', () => {
    expect(isoToParts('1956-03-04')).toEqual({ month: '3', day: '4', year: '1956' });
    expect(isoToParts('')).toEqual({ month: '', day: '', year: '' });
  });
});
