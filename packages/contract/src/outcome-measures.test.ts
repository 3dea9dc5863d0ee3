import { describe, expect, it } from 'vitest';
import { measureByDatatypeId, scoreMeasure } from './outcome-measures.ts';

const fill = (n: number, value: number) => Array.from({ length: n }, () => value);

describe('outcome measure scoring', () => {
  it.each([
    ['nprs', [7], 7],
    ['psfs', [3, 5, 7], 5],
    ['psfs', [2, 4, 6, 8, 9], 5.8],
    ['lefs', fill(20, 4), 80],
    ['lefs', fill(20, 0), 0],
    ['lefs', [...fill(10, 3), ...fill(10, 2)], 50],
    ['quickdash', fill(11, 1), 0],
    ['quickdash', fill(11, 5), 100],
    ['quickdash', [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 50],
    ['quickdash', [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, null], 25],
    ['quickdash', [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2], 47.7],
    ['odi', fill(10, 5), 100],
    ['odi', [2, 1, 3, 0, 2, 1, 2, 0, 1, 3], 30],
    ['odi', [2, 1, 3, 0, 2, 1, 2, 0, 1, null], 26.7],
    ['ndi', fill(10, 5), 50],
    ['ndi', [1, 2, 1, 0, 3, 2, 1, 1, 2, 1], 14],
    ['ndi', [1, 2, 1, 0, 3, 2, 1, 1, 2, null], 14.4],
    ['rom', [95], 95],
    ['tug', [12.4], 12.4],
  ] as const)('%s %j scores %d', (key, answers, expected) => {
    expect(scoreMeasure(key, [...answers])).toMatchObject({ ok: true, score: expected });
  });

  it.each([
    ['nprs', [11], 'between 0 and 10'],
    ['psfs', [3, 5], '3 to 5 items'],
    ['psfs', [3, 5, 7, 1, 2, 3], '3 to 5 items'],
    ['lefs', fill(19, 2), '20 items'],
    ['lefs', [...fill(19, 2), null], 'Answer every item'],
    ['quickdash', [...fill(9, 2), null, null], 'At most 1'],
    ['quickdash', fill(11, 0), 'between 1 and 5'],
    ['odi', [...fill(8, 2), null, null], 'At most 1'],
    ['ndi', [...fill(9, 2), 6], 'between 0 and 5'],
  ] as const)('refuses %s %j', (key, answers, error) => {
    const result = scoreMeasure(key, [...answers]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  it('finds measures by datatype id and names the scoring version', () => {
    expect(measureByDatatypeId(4)?.key).toBe('quickdash');
    expect(measureByDatatypeId(99)).toBeUndefined();
    const scored = scoreMeasure('odi', fill(10, 1));
    expect(scored.ok && scored.scoringVersion).toContain('ODI');
  });
});
