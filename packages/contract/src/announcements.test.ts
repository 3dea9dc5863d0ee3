import { describe, expect, it } from 'vitest';
import { FEATURE_NEW_DAYS, featureReleases, isRecentRelease, newFeatureKeys } from './announcements.ts';

describe('isRecentRelease', () => {
  it.each([
    ['2026-11-25', '2026-11-25', true],
    ['2026-11-25', '2026-12-24', true],
    ['2026-11-25', '2026-12-25', false],
    ['2026-11-25', '2027-01-10', false],
    // A release dated after today (a clock set back) is not new yet.
    ['2026-11-25', '2026-11-24', false],
    ['2026-12-31', '2027-01-29', true],
  ])('released %s, seen %s: %s', (releasedOn, today, expected) => {
    expect(isRecentRelease(releasedOn, today)).toBe(expected);
  });

  it('keeps the pill for FEATURE_NEW_DAYS days', () => {
    expect(FEATURE_NEW_DAYS).toBe(30);
  });
});

describe('newFeatureKeys', () => {
  const releases = [
    { key: 'dashboard', released_on: '2026-11-27' },
    { key: 'referral', released_on: '2026-10-01' },
  ];
  it.each([
    ['2026-11-27', true, ['dashboard']],
    ['2026-10-15', true, ['referral']],
    ['2026-12-27', true, []],
    ['2026-11-27', false, []],
  ] as const)('on %s with notices %s: %j', (today, isOn, expected) => {
    expect([...newFeatureKeys(today, isOn, releases)]).toEqual(expected);
  });

  it('reads the contract’s list by default, with dates as days', () => {
    for (const release of featureReleases) expect(release.released_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(newFeatureKeys('2026-11-27', true).has('dashboard')).toBe(true);
  });
});
