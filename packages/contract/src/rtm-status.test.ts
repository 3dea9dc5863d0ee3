import { describe, expect, it } from 'vitest';
import { type BillingInput, statusDataFrom } from './billing-rules.ts';
import { type RtmCode, type RtmStatus, rtmCodeLines, rtmStatusLabels, rtmStatusOf } from './rtm-status.ts';

/** A covered, consented patient of a New York clinic, onboarded on `start`, changed by `over`. */
const patient = (start: string, over: Partial<BillingInput> = {}): BillingInput => ({
  timezone: 'America/New_York',
  isCovered: true,
  hasConsent: true,
  episodes: [{ start, end: null }],
  dataEvents: [],
  monitoredSessions: [],
  calls: [],
  ...over,
});

/** Exercise logged at 15:00 UTC (the morning in New York) on each of `count` days from `first`. */
const dataDays = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const day = new Date(`${first}T15:00:00Z`);
    day.setUTCDate(day.getUTCDate() + i);
    return { at: day.toISOString(), kind: 'exercise' as const };
  });
/** `minutes` of one staff member's monitored time on `day`. */
const monitored = (day: string, minutes: number) => [{ at: `${day}T15:00:00Z`, seconds: minutes * 60, staff: 1 }];
const callOn = (day: string, minutes = 0) => [{ at: `${day}T16:00:00Z`, minutes, kind: 'phone' as const }];

const texts = (status: RtmStatus) => rtmStatusLabels(status).map((label) => label.text);
const lines = (status: RtmStatus) => rtmCodeLines(status).map((line) => line.text);
/** A coached code of this month (`bills_this_month`), not met and needing nothing unless changed. */
const coached = (kind: RtmCode['kind'], code: RtmCode['code'], day: string, over: Partial<RtmCode>): RtmCode => ({
  code,
  kind,
  date_of_service: day,
  bills_this_month: true,
  is_met: false,
  data_days_needed: 0,
  minutes_needed: 0,
  needs_live_call: false,
  instead_of: null,
  ...over,
});
const device = (code: RtmCode['code'], day: string, over: Partial<RtmCode> = {}) => coached('device', code, day, over);
const management = (code: RtmCode['code'], day: string, over: Partial<RtmCode> = {}) =>
  coached('management', code, day, over);
const flags = (status: RtmStatus) => ({
  ready: status.is_ready_to_bill,
  close: status.is_close,
  call: status.needs_call,
});

describe('rtmStatusOf and its labels (decision 0803)', () => {
  it('reads the issue’s example: 14 of 16 data days with 9 days left, 17 of 20 min, no call yet', () => {
    // 2026: Mar 1–30 window; 14 data days bill 98985 already (2+), 16 bills 98977. 17 min meet 98979 (10) but
    // it needs a call; the next threshold is 98980's 20. Days left: Mar 22–30, today included.
    const status = rtmStatusOf(
      patient('2026-03-01', { dataEvents: dataDays('2026-03-01', 14), monitoredSessions: monitored('2026-03-10', 17) }),
      '2026-03-22',
    );
    expect(status).toEqual({
      window: { start: '2026-03-01', end: '2026-03-30', data_days: 14, data_days_goal: 16, days_left: 9 },
      minutes: 17,
      minutes_goal: 20,
      needs_call: true,
      is_ready_to_bill: true,
      is_close: true,
      is_billable: true,
      not_billable: [],
      // 98985 bills on the window's last day, this month; 98977 would instead with 2 more data days. 98979's
      // minutes are there without the call; 98980 needs 3 more minutes and the call, by the month's end (not
      // "instead of" 98979, which bills nothing without the call either).
      codes: [
        device('98985', '2026-03-30', { is_met: true }),
        device('98977', '2026-03-30', { data_days_needed: 2, instead_of: '98985' }),
        management('98979', '2026-03-31', { needs_live_call: true }),
        management('98980', '2026-03-31', { minutes_needed: 3, needs_live_call: true }),
      ],
    });
    expect(texts(status)).toEqual([
      '14 of 16 data days, 9 days left',
      '17 of 20 min',
      'call needed',
      'ready to bill: 98985',
      'close to a threshold',
    ]);
  });

  it.each([
    // 2025: one data-day threshold, 16 (98975 and 98977). 14 days, 2 short with 9 left: close; not ready.
    {
      rule: '2025: 2 data days short with 9 days left is close',
      input: patient('2025-03-01', { dataEvents: dataDays('2025-03-01', 14), calls: callOn('2025-03-02') }),
      today: '2025-03-22',
      labels: ['14 of 16 data days, 9 days left', '0 of 20 min', 'close to a threshold'],
      expected: { ready: false, close: true, call: false },
    },
    {
      rule: '2025: 3 short with exactly 3 days left still fits',
      input: patient('2025-03-01', { dataEvents: dataDays('2025-03-01', 13), calls: callOn('2025-03-02') }),
      today: '2025-03-28',
      labels: ['13 of 16 data days, 3 days left', '0 of 20 min', 'close to a threshold'],
      expected: { ready: false, close: true, call: false },
    },
    {
      rule: '2025: 3 short with 2 days left no longer fits',
      input: patient('2025-03-01', { dataEvents: dataDays('2025-03-01', 13), calls: callOn('2025-03-02') }),
      today: '2025-03-29',
      labels: ['13 of 16 data days, 2 days left', '0 of 20 min'],
      expected: { ready: false, close: false, call: false },
    },
    {
      rule: '2025: 4 short is not close, however many days are left',
      input: patient('2025-03-01', { dataEvents: dataDays('2025-03-01', 12), calls: callOn('2025-03-02') }),
      today: '2025-03-20',
      labels: ['12 of 16 data days, 11 days left', '0 of 20 min'],
      expected: { ready: false, close: false, call: false },
    },
    {
      rule: '2025: the last day of the window is 1 day left',
      input: patient('2025-03-01', { dataEvents: dataDays('2025-03-01', 16), calls: callOn('2025-03-02') }),
      today: '2025-03-30',
      labels: ['16 of 16 data days, 1 day left', '0 of 20 min', 'ready to bill: 98977'],
      expected: { ready: true, close: false, call: false },
    },
    // 2026: the data-day goal is 2 (98975, 98985), then 16 (98977); past 16 the label drops the goal.
    {
      rule: '2026: one data day is 1 short of 98985’s 2',
      input: patient('2026-03-01', { dataEvents: dataDays('2026-03-01', 1), calls: callOn('2026-03-02') }),
      today: '2026-03-05',
      labels: ['1 of 2 data days, 26 days left', '0 of 10 min', 'close to a threshold'],
      expected: { ready: false, close: true, call: false },
    },
    {
      rule: '2026: 2 data days bill 98985, the goal moves to 16',
      input: patient('2026-03-01', { dataEvents: dataDays('2026-03-01', 2), calls: callOn('2026-03-02') }),
      today: '2026-03-05',
      labels: ['2 of 16 data days, 26 days left', '0 of 10 min', 'ready to bill: 98985'],
      expected: { ready: true, close: false, call: false },
    },
    {
      rule: '2026: 18 data days have met every threshold of the window',
      input: patient('2026-03-01', { dataEvents: dataDays('2026-03-01', 18), calls: callOn('2026-03-02') }),
      today: '2026-03-25',
      labels: ['18 data days, 6 days left', '0 of 10 min', 'ready to bill: 98977'],
      expected: { ready: true, close: false, call: false },
    },
    {
      rule: '2026: a second window starts again at 0 of 2 (98985), set-up billed in the first',
      input: patient('2026-03-01', { dataEvents: dataDays('2026-03-01', 5), calls: callOn('2026-04-01') }),
      today: '2026-04-02',
      labels: ['0 of 2 data days, 28 days left', '0 of 10 min', 'close to a threshold'],
      expected: { ready: false, close: true, call: false },
    },
    // Minutes: 2025's first threshold is 20; 2026's is 10, then 20; then each further 20 (98981).
    {
      rule: '2026: 5 minutes are 5 short of 98979’s 10: close',
      input: patient('2026-03-01', {
        dataEvents: dataDays('2026-03-01', 2),
        monitoredSessions: monitored('2026-03-03', 5),
        calls: callOn('2026-03-03'),
      }),
      today: '2026-03-10',
      labels: ['2 of 16 data days, 21 days left', '5 of 10 min', 'ready to bill: 98985', 'close to a threshold'],
      expected: { ready: true, close: true, call: false },
    },
    {
      rule: '2026: 4 minutes are 6 short: not close',
      input: patient('2026-03-01', {
        dataEvents: dataDays('2026-03-01', 2),
        monitoredSessions: monitored('2026-03-03', 4),
        calls: callOn('2026-03-03'),
      }),
      today: '2026-03-10',
      labels: ['2 of 16 data days, 21 days left', '4 of 10 min', 'ready to bill: 98985'],
      expected: { ready: true, close: false, call: false },
    },
    {
      rule: '2026: 12 minutes with a call bill 98979; 8 short of 98980',
      input: patient('2026-03-01', {
        dataEvents: dataDays('2026-03-01', 18),
        monitoredSessions: monitored('2026-03-03', 12),
        calls: callOn('2026-03-04'),
      }),
      today: '2026-03-20',
      labels: ['18 data days, 11 days left', '12 of 20 min', 'ready to bill: 98977, 98979'],
      expected: { ready: true, close: false, call: false },
    },
    {
      rule: '2026: 37 minutes with a call are 3 short of the first 98981 at 40',
      input: patient('2026-03-01', {
        dataEvents: dataDays('2026-03-01', 18),
        monitoredSessions: monitored('2026-03-03', 37),
        calls: callOn('2026-03-04'),
      }),
      today: '2026-03-20',
      labels: ['18 data days, 11 days left', '37 of 40 min', 'ready to bill: 98977, 98980', 'close to a threshold'],
      expected: { ready: true, close: true, call: false },
    },
    {
      rule: '2026: 40 monitored minutes and a 5-minute call make 45, aiming at the second 98981 at 60',
      input: patient('2026-03-01', {
        dataEvents: dataDays('2026-03-01', 18),
        monitoredSessions: monitored('2026-03-03', 40),
        calls: callOn('2026-03-04', 5),
      }),
      today: '2026-03-20',
      labels: ['18 data days, 11 days left', '45 of 60 min', 'ready to bill: 98977, 98980, 98981'],
      expected: { ready: true, close: false, call: false },
    },
    {
      rule: '2025: 12 minutes bill nothing (no 98979 in 2025) and are 8 short of 20',
      input: patient('2025-03-01', { monitoredSessions: monitored('2025-03-03', 12), calls: callOn('2025-03-04') }),
      today: '2025-03-10',
      labels: ['0 of 16 data days, 21 days left', '12 of 20 min'],
      expected: { ready: false, close: false, call: false },
    },
    {
      rule: '2025: 16 minutes are 4 short of 20: close',
      input: patient('2025-03-01', { monitoredSessions: monitored('2025-03-03', 16), calls: callOn('2025-03-04') }),
      today: '2025-03-10',
      labels: ['0 of 16 data days, 21 days left', '16 of 20 min', 'close to a threshold'],
      expected: { ready: false, close: true, call: false },
    },
    {
      rule: '2025: 20 minutes without a call: the minutes are there, the call is missing',
      input: patient('2025-03-01', { monitoredSessions: monitored('2025-03-03', 20) }),
      today: '2025-03-10',
      labels: ['0 of 16 data days, 21 days left', '20 of 40 min', 'call needed', 'close to a threshold'],
      expected: { ready: false, close: true, call: true },
    },
    {
      rule: '2025: 20 minutes with a call bill 98980',
      input: patient('2025-03-01', { monitoredSessions: monitored('2025-03-03', 20), calls: callOn('2025-03-04') }),
      today: '2025-03-10',
      labels: ['0 of 16 data days, 21 days left', '20 of 40 min', 'ready to bill: 98980'],
      expected: { ready: true, close: false, call: false },
    },
    {
      rule: 'a call last month does not count this month',
      input: patient('2025-03-01', { monitoredSessions: monitored('2025-04-03', 2), calls: callOn('2025-03-30') }),
      today: '2025-04-10',
      labels: ['0 of 16 data days, 20 days left', '2 of 20 min', 'call needed'],
      expected: { ready: false, close: false, call: true },
    },
    {
      rule: 'a December window ending in January takes 2026’s data days; December’s minutes keep 2025’s 20',
      input: patient('2025-12-15', { dataEvents: dataDays('2025-12-16', 1), calls: callOn('2025-12-16') }),
      today: '2025-12-30',
      labels: ['1 of 2 data days, 15 days left', '0 of 20 min', 'close to a threshold'],
      expected: { ready: false, close: true, call: false },
    },
  ])('$rule', ({ input, today, labels, expected }) => {
    const status = rtmStatusOf(input, today);
    expect(texts(status)).toEqual(labels);
    expect(flags(status)).toEqual(expected);
  });

  it.each([
    { isCovered: false, hasConsent: true, labels: ['not covered'] },
    { isCovered: true, hasConsent: false, labels: ['no consent'] },
    { isCovered: false, hasConsent: false, labels: ['not covered', 'no consent'] },
  ])('says only why a patient bills nothing: $labels', ({ isCovered, hasConsent, labels }) => {
    // Enough for every code, were the patient billable.
    const input = patient('2026-03-01', {
      isCovered,
      hasConsent,
      dataEvents: dataDays('2026-03-01', 18),
      monitoredSessions: monitored('2026-03-03', 25),
    });
    const status = rtmStatusOf(input, '2026-03-20');
    expect(status).toMatchObject({ is_billable: false, is_ready_to_bill: false, is_close: false, needs_call: false });
    expect(texts(status)).toEqual(labels);
    expect(rtmStatusLabels(status).every((label) => label.kind === 'not_billable')).toBe(true);
  });

  it('has no window after a discharge: the month’s minutes stay, nothing is close or needs a call', () => {
    const input = patient('2026-02-01', {
      episodes: [{ start: '2026-02-01', end: '2026-03-05' }],
      dataEvents: dataDays('2026-03-01', 3),
      monitoredSessions: monitored('2026-03-02', 19),
      calls: callOn('2026-03-03'),
    });
    const status = rtmStatusOf(input, '2026-03-20');
    expect(status.window).toBeNull();
    // 19 minutes with a call bill 98979 at the month's end: ready, though the patient left.
    expect(texts(status)).toEqual(['19 of 20 min', 'ready to bill: 98979']);
    expect(flags(status)).toEqual({ ready: true, close: false, call: false });
  });

  it('counts a discharge day as the window’s last, with 1 day left', () => {
    const input = patient('2026-03-01', {
      episodes: [{ start: '2026-03-01', end: '2026-03-12' }],
      dataEvents: dataDays('2026-03-01', 1),
    });
    const status = rtmStatusOf(input, '2026-03-12');
    expect(status.window).toEqual({
      start: '2026-03-01',
      end: '2026-03-12',
      data_days: 1,
      data_days_goal: 2,
      days_left: 1,
    });
    expect(status.is_close).toBe(true);
  });
});

describe('coaching: which code bills, when, and what is missing (decision 1241)', () => {
  it('says a device code met in a window ending next month bills then, not this month', () => {
    // The demo's confusing case: a window from Nov 21 to Dec 20, 7 data days, 5 minutes and no call on Nov 28.
    const status = rtmStatusOf(
      patient('2026-11-21', { dataEvents: dataDays('2026-11-21', 7), monitoredSessions: monitored('2026-11-23', 5) }),
      '2026-11-28',
    );
    expect(status.is_ready_to_bill).toBe(false);
    expect(status.codes).toEqual([
      device('98985', '2026-12-20', { is_met: true, bills_this_month: false }),
      device('98977', '2026-12-20', { bills_this_month: false, data_days_needed: 9, instead_of: '98985' }),
      management('98979', '2026-11-30', { minutes_needed: 5, needs_live_call: true }),
    ]);
    expect(texts(status)).toEqual([
      '7 of 16 data days, 23 days left',
      '5 of 10 min',
      'call needed',
      '98985 met, bills Dec 20',
      'close to a threshold',
    ]);
    expect(lines(status)).toEqual([
      "98985: met, bills at the window's end, Dec 20",
      "98977 instead of 98985: 9 more data days by Dec 20, the window's end",
      "98979: 5 more min and a live call by Nov 30, the month's end",
    ]);
  });

  it('says what bills this month: a window ending this month, and minutes with the call', () => {
    // Window Mar 1–30, 16 data days; 25 minutes and a call on Mar 28.
    const status = rtmStatusOf(
      patient('2026-03-01', {
        dataEvents: dataDays('2026-03-01', 16),
        monitoredSessions: monitored('2026-03-03', 25),
        calls: callOn('2026-03-04'),
      }),
      '2026-03-28',
    );
    expect(status.is_ready_to_bill).toBe(true);
    expect(texts(status)).toEqual(['16 of 16 data days, 3 days left', '25 of 40 min', 'ready to bill: 98977, 98980']);
    expect(lines(status)).toEqual([
      '98977: met, bills this month (Mar 30)',
      '98980: met, bills this month (Mar 31)',
      "98981: 15 more min by Mar 31, the month's end",
    ]);
  });

  it('names the missing call of minutes already there, and a code out of reach in the window', () => {
    // 2025: 13 data days with 2 days left cannot reach 16; 20 minutes without a call.
    const status = rtmStatusOf(
      patient('2025-03-01', { dataEvents: dataDays('2025-03-01', 13), monitoredSessions: monitored('2025-03-03', 20) }),
      '2025-03-29',
    );
    expect(status.is_ready_to_bill).toBe(false);
    expect(lines(status)).toEqual([
      '98977: out of reach in this window (3 more data days, 2 days left)',
      "98980: a live call by Mar 31, the month's end",
      "98981: 20 more min and a live call by Mar 31, the month's end",
    ]);
  });

  it('coaches nothing for a patient who bills nothing', () => {
    const status = rtmStatusOf(
      patient('2026-03-01', { isCovered: false, dataEvents: dataDays('2026-03-01', 5) }),
      '2026-03-10',
    );
    expect(status.codes).toEqual([]);
    expect(lines(status)).toEqual([]);
  });
});

describe('the data a status reads (decision 0903)', () => {
  it('needs only the data days of the window holding today: earlier windows never change it', () => {
    // Set-up billed (or not) in an earlier window, in 2025 and 2026, with 0 to 20 data days in today's window.
    const cases = [
      { start: '2025-09-01', today: '2025-11-10', before: dataDays('2025-09-01', 20) },
      { start: '2025-11-15', today: '2026-01-20', before: dataDays('2025-11-15', 3) },
      { start: '2026-01-05', today: '2026-03-20', before: dataDays('2026-01-05', 40) },
      { start: '2026-02-01', today: '2026-03-20', before: [] },
    ];
    for (const { start, today, before } of cases) {
      const from = statusDataFrom([{ start, end: null }], today) as string;
      for (const count of [0, 1, 2, 3, 14, 15, 16, 20]) {
        const recent = dataDays(from, count).filter((e) => e.at.slice(0, 10) <= today);
        const whole = patient(start, { dataEvents: [...before.filter((e) => e.at < from), ...recent] });
        const windowOnly = patient(start, { dataEvents: recent });
        expect(rtmStatusOf(windowOnly, today), `${start} ${today} ${count}`).toEqual(rtmStatusOf(whole, today));
      }
    }
    expect(statusDataFrom([{ start: '2026-01-05', end: null }], '2026-03-20')).toBe('2026-03-06');
    expect(statusDataFrom([{ start: '2026-01-05', end: '2026-02-01' }], '2026-03-20')).toBeNull();
  });
});
