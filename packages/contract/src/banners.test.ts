import { describe, expect, it } from 'vitest';
import { applyingBanners, type BannerFacts, liveSnoozes, shownBanners, snoozeEndOf } from './banners.ts';

const quiet: BannerFacts = {
  today: '2026-03-20',
  onboardedOn: '2026-01-05',
  hasLiveCallThisMonth: true,
  canBillRtm: true,
  lastDataDay: '2026-03-19',
  lastProgramChange: '2026-03-01',
  hasConsent: true,
  isCloseToThreshold: false,
};
const keys = (facts: BannerFacts) => applyingBanners(facts).map((b) => b.banner);

describe('applyingBanners', () => {
  it.each<[string, Partial<BannerFacts>, string[]]>([
    ['nothing to do', {}, []],
    ['not onboarded: none at all', { onboardedOn: null, hasLiveCallThisMonth: false, hasConsent: false }, []],
    ['no live call this month', { hasLiveCallThisMonth: false }, ['no_call']],
    // RTM bills nothing for them (not covered, or no consent): no call is asked for (decision 1240).
    ['no live call, RTM cannot bill', { hasLiveCallThisMonth: false, canBillRtm: false }, []],
    ['last data 6 days ago', { lastDataDay: '2026-03-14' }, []],
    ['last data 7 days ago', { lastDataDay: '2026-03-13' }, ['no_data']],
    ['no data ever, onboarded 6 days ago', { lastDataDay: null, onboardedOn: '2026-03-14' }, []],
    ['no data ever, onboarded 7 days ago', { lastDataDay: null, onboardedOn: '2026-03-13' }, ['no_data']],
    ['program changed 29 days ago', { lastProgramChange: '2026-02-19' }, []],
    ['program changed 30 days ago', { lastProgramChange: '2026-02-18' }, ['program_stale']],
    ['no program, onboarded 30 days ago', { lastProgramChange: null, onboardedOn: '2026-02-18' }, ['program_stale']],
    ['consent missing', { hasConsent: false }, ['no_consent']],
    ['close to a billing threshold', { isCloseToThreshold: true }, ['billing_close']],
    [
      'all of them, in order',
      {
        hasLiveCallThisMonth: false,
        lastDataDay: null,
        lastProgramChange: null,
        hasConsent: false,
        isCloseToThreshold: true,
      },
      ['no_call', 'no_data', 'program_stale', 'no_consent', 'billing_close'],
    ],
  ])('%s', (_, change, expected) => {
    expect(keys({ ...quiet, ...change })).toEqual(expected);
  });

  it('names each cause: the month, the last data day, the last program change', () => {
    const facts = { ...quiet, hasLiveCallThisMonth: false, lastDataDay: '2026-03-01', lastProgramChange: '2026-01-02' };
    expect(applyingBanners(facts)).toEqual([
      { banner: 'no_call', cause: '2026-03' },
      { banner: 'no_data', cause: '2026-03-01' },
      { banner: 'program_stale', cause: '2026-01-02' },
    ]);
  });
});

describe('snoozes', () => {
  const now = new Date('2026-03-20T15:00:00Z');
  const noCall = { ...quiet, hasLiveCallThisMonth: false, lastDataDay: '2026-03-01' };
  const until = snoozeEndOf(now).toISOString();

  it('end 7 days after they are made', () => {
    expect(until).toBe('2026-03-27T15:00:00.000Z');
  });

  it.each<[string, { snoozed_until: string; cause: string }, Date, BannerFacts, boolean]>([
    [
      'hide their banner while live and the cause is the same',
      { snoozed_until: until, cause: '2026-03' },
      now,
      noCall,
      true,
    ],
    ['end at their time', { snoozed_until: until, cause: '2026-03' }, new Date(until), noCall, false],
    [
      'end with a new cause (a new month)',
      { snoozed_until: until, cause: '2026-03' },
      now,
      { ...noCall, today: '2026-04-01' },
      false,
    ],
  ])('%s', (_, snooze, at, facts, live) => {
    expect(liveSnoozes([{ banner: 'no_call', ...snooze }], facts, at)).toHaveLength(live ? 1 : 0);
  });

  it('hide only the banner snoozed, and a new data day brings "no data" back', () => {
    const snoozes = [{ banner: 'no_data' as const, snoozed_until: until, cause: '2026-03-01' }];
    expect(shownBanners(noCall, snoozes, now).map((b) => b.banner)).toEqual(['no_call']);
    const dataCameAndWent = { ...noCall, lastDataDay: '2026-03-05' };
    expect(shownBanners(dataCameAndWent, snoozes, now).map((b) => b.banner)).toEqual(['no_call', 'no_data']);
  });
});
