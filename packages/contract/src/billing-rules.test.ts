import { describe, expect, it } from 'vitest';
import { type BillingInput, billingProgress, computeBillingUnits, dataDaySourcesOf } from './billing-rules.ts';

const NY = 'America/New_York';

/** A covered, consented patient of a New York clinic with one episode and nothing else, changed by `over`. */
const patient = (over: Partial<BillingInput> = {}): BillingInput => ({
  timezone: NY,
  isCovered: true,
  hasConsent: true,
  episodes: [{ start: '2026-03-01', end: null }],
  dataEvents: [],
  monitoredSessions: [],
  calls: [],
  ...over,
});

/** Exercise logged at 15:00 UTC (10:00 or 11:00 in New York) on each of `count` days from `first`. */
function exerciseDays(first: string, count: number, kind: BillingInput['dataEvents'][number]['kind'] = 'exercise') {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(`${first}T15:00:00Z`);
    day.setUTCDate(day.getUTCDate() + i);
    return { at: day.toISOString(), kind };
  });
}

const session = (at: string, seconds: number, staff = 1) => ({ at, seconds, staff });
const phoneCall = (at: string, minutes = 0) => ({ at, minutes, kind: 'phone' as const });
const codes = (billed: ReturnType<typeof computeBillingUnits>) => billed.map((b) => `${b.code}×${b.units}`);

describe('computeBillingUnits (decision 0800)', () => {
  it.each([
    // 2025: device supply and set-up both need 16 data days in the window.
    { year: 2025, days: 15, expected: [] },
    { year: 2025, days: 16, expected: ['98975×1', '98977×1'] },
    // 2026: set-up from 2 data days; 2–15 bill 98985, 16–30 bill 98977, never both.
    { year: 2026, days: 1, expected: [] },
    { year: 2026, days: 2, expected: ['98975×1', '98985×1'] },
    { year: 2026, days: 15, expected: ['98975×1', '98985×1'] },
    { year: 2026, days: 16, expected: ['98975×1', '98977×1'] },
    { year: 2026, days: 30, expected: ['98975×1', '98977×1'] },
  ])('$year, $days data days in the first window: $expected', ({ year, days, expected }) => {
    const input = patient({
      episodes: [{ start: `${year}-03-01`, end: null }],
      dataEvents: exerciseDays(`${year}-03-01`, days),
    });
    const billed = computeBillingUnits(input, `${year}-03`);
    expect(codes(billed)).toEqual(expected);
    // A device code's date of service is its window's last day: day 30 from the episode's start.
    for (const code of billed) {
      expect(code).toMatchObject({ dateOfService: `${year}-03-30`, windowStart: `${year}-03-01`, dataDays: days });
    }
  });

  it('bills set-up once per episode: the second window bills its device code alone', () => {
    // Windows: Mar 1–30 and Mar 31–Apr 29 (date of service in April).
    const input = patient({ dataEvents: [...exerciseDays('2026-03-01', 5), ...exerciseDays('2026-04-01', 3)] });
    expect(codes(computeBillingUnits(input, '2026-03'))).toEqual(['98975×1', '98985×1']);
    const april = computeBillingUnits(input, '2026-04');
    expect(codes(april)).toEqual(['98985×1']);
    expect(april[0]).toMatchObject({ windowStart: '2026-03-31', windowEnd: '2026-04-29', dataDays: 3 });
  });

  it('takes the rules of the year of the date of service: a window from December ending in January is 2026’s', () => {
    // Window Dec 15, 2025 – Jan 13, 2026 with 5 data days: too few for 2025, enough for 2026.
    const input = patient({
      episodes: [{ start: '2025-12-15', end: null }],
      dataEvents: exerciseDays('2025-12-20', 5),
    });
    expect(computeBillingUnits(input, '2025-12')).toEqual([]);
    expect(computeBillingUnits(input, '2026-01')).toEqual([
      {
        code: '98975',
        units: 1,
        dateOfService: '2026-01-13',
        windowStart: '2025-12-15',
        windowEnd: '2026-01-13',
        dataDays: 5,
      },
      {
        code: '98985',
        units: 1,
        dateOfService: '2026-01-13',
        windowStart: '2025-12-15',
        windowEnd: '2026-01-13',
        dataDays: 5,
      },
    ]);
  });

  it('ends the window at a discharge: its date of service is the discharge day, days after it do not count', () => {
    const input = patient({
      episodes: [{ start: '2026-02-01', end: '2026-02-10' }],
      dataEvents: exerciseDays('2026-02-05', 10),
    });
    expect(computeBillingUnits(input, '2026-02')).toEqual([
      {
        code: '98975',
        units: 1,
        dateOfService: '2026-02-10',
        windowStart: '2026-02-01',
        windowEnd: '2026-02-10',
        dataDays: 6,
      },
      {
        code: '98985',
        units: 1,
        dateOfService: '2026-02-10',
        windowStart: '2026-02-01',
        windowEnd: '2026-02-10',
        dataDays: 6,
      },
    ]);
    expect(computeBillingUnits(input, '2026-03')).toEqual([]);
  });

  it('starts again on re-onboarding: a new episode has its own windows and its own set-up', () => {
    const input = patient({
      episodes: [
        { start: '2026-01-01', end: '2026-01-20' },
        { start: '2026-02-01', end: null },
      ],
      dataEvents: [...exerciseDays('2026-01-02', 3), ...exerciseDays('2026-02-02', 3)],
    });
    expect(codes(computeBillingUnits(input, '2026-01'))).toEqual(['98975×1', '98985×1']);
    // The new episode's first window, Feb 1 – Mar 2.
    const march = computeBillingUnits(input, '2026-03');
    expect(codes(march)).toEqual(['98975×1', '98985×1']);
    expect(march[0]).toMatchObject({ windowStart: '2026-02-01', dateOfService: '2026-03-02' });
  });

  it.each([
    // 2025 has no 98979: 19 minutes bill nothing, 20 bill 98980.
    { month: '2025-05', seconds: 1199, expected: [] },
    { month: '2025-05', seconds: 1200, expected: ['98980×1'] },
    // 2026: 10–19 minutes bill 98979; 20 bill 98980 instead, never both.
    { month: '2026-05', seconds: 599, expected: [] },
    { month: '2026-05', seconds: 600, expected: ['98979×1'] },
    { month: '2026-05', seconds: 1199, expected: ['98979×1'] },
    { month: '2026-05', seconds: 1200, expected: ['98980×1'] },
    // 98981: each further full 20 minutes.
    { month: '2026-05', seconds: 39 * 60 + 59, expected: ['98980×1'] },
    { month: '2026-05', seconds: 40 * 60, expected: ['98980×1', '98981×1'] },
    { month: '2026-05', seconds: 60 * 60, expected: ['98980×1', '98981×2'] },
  ])('$month, $seconds monitored seconds with a live call: $expected', ({ month, seconds, expected }) => {
    const input = patient({
      episodes: [{ start: '2025-01-01', end: null }],
      monitoredSessions: [session(`${month}-12T15:00:00Z`, seconds)],
      calls: [phoneCall(`${month}-13T15:00:00Z`)],
    });
    // No data: only management codes.
    const billed = computeBillingUnits(input, month);
    expect(codes(billed)).toEqual(expected);
    for (const code of billed) expect(code.minutes).toBe(Math.floor(seconds / 60));
  });

  it('bills no management code without a live call, whatever the minutes; a chat is not a call', () => {
    const input = patient({ monitoredSessions: [session('2026-03-10T15:00:00Z', 45 * 60)] });
    expect(computeBillingUnits(input, '2026-03')).toEqual([]);
  });

  it('adds the seconds of every staff member and the calls’ minutes before flooring once', () => {
    const input = patient({
      monitoredSessions: [session('2026-03-10T15:00:00Z', 610, 1), session('2026-03-11T15:00:00Z', 610, 2)],
      calls: [phoneCall('2026-03-12T15:00:00Z', 5)],
    });
    // 1220 s + 300 s = 25 min 20 s: 25 minutes.
    expect(computeBillingUnits(input, '2026-03')).toEqual([
      { code: '98980', units: 1, dateOfService: '2026-03-31', minutes: 25 },
    ]);
  });

  it('counts staff monitoring the patient at the same time once: the union of their sessions', () => {
    // Two staff on the patient from 15:00:00 for 20 min, a third from 15:10:00 for 20 min: 30 minutes of wall clock.
    const input = patient({
      monitoredSessions: [
        session('2026-03-10T15:00:00Z', 1200, 1),
        session('2026-03-10T15:00:00Z', 1200, 2),
        session('2026-03-10T15:10:00Z', 1200, 3),
      ],
      calls: [phoneCall('2026-03-12T15:00:00Z')],
    });
    expect(computeBillingUnits(input, '2026-03')).toEqual([
      { code: '98980', units: 1, dateOfService: '2026-03-31', minutes: 30 },
    ]);
  });

  it('places days and months in the clinic’s timezone', () => {
    // Window Jan 30 – Feb 28. 03:00 UTC on Mar 1 is still Feb 28 in New York: two data days there, one in UTC.
    const events = [
      { at: '2026-02-27T15:00:00Z', kind: 'pain' as const },
      { at: '2026-03-01T03:00:00Z', kind: 'prom' as const },
    ];
    const episodes = [{ start: '2026-01-30', end: null }];
    expect(codes(computeBillingUnits(patient({ episodes, dataEvents: events }), '2026-02'))).toEqual([
      '98975×1',
      '98985×1',
    ]);
    expect(computeBillingUnits(patient({ timezone: 'UTC', episodes, dataEvents: events }), '2026-02')).toEqual([]);
    // A session at 22:00 on Mar 31 in New York counts in March there.
    const late = patient({
      monitoredSessions: [session('2026-04-01T02:00:00Z', 1200)],
      calls: [phoneCall('2026-03-05T15:00:00Z')],
    });
    expect(codes(computeBillingUnits(late, '2026-03'))).toEqual(['98980×1']);
  });

  it('never makes a data day of a physiological reading', () => {
    const readings = (['heart_rate', 'blood_pressure_systolic', 'blood_glucose', 'blood_oxygen'] as const).flatMap(
      (kind) => exerciseDays('2026-03-01', 20, kind),
    );
    expect(computeBillingUnits(patient({ dataEvents: readings }), '2026-03')).toEqual([]);
    // Steps and distance do.
    expect(
      codes(computeBillingUnits(patient({ dataEvents: exerciseDays('2026-03-01', 2, 'steps') }), '2026-03')),
    ).toEqual(['98975×1', '98985×1']);
  });

  it('counts a call only in its own month, and nothing outside an episode', () => {
    const input = patient({
      monitoredSessions: [session('2026-03-10T15:00:00Z', 25 * 60), session('2026-02-20T15:00:00Z', 25 * 60)],
      calls: [phoneCall('2026-04-02T15:00:00Z'), phoneCall('2026-02-21T15:00:00Z')],
    });
    // March has the minutes but its call is in April; February's minutes were before onboarding on Mar 1.
    expect(computeBillingUnits(input, '2026-03')).toEqual([]);
    expect(computeBillingUnits(input, '2026-02')).toEqual([]);
  });

  it.each([
    { isCovered: false, hasConsent: true },
    { isCovered: true, hasConsent: false },
  ])('bills nothing unless covered and consented: %o', (flags) => {
    const input = patient({
      ...flags,
      dataEvents: exerciseDays('2026-03-01', 20),
      monitoredSessions: [session('2026-03-10T15:00:00Z', 3600)],
      calls: [phoneCall('2026-03-11T15:00:00Z')],
    });
    expect(computeBillingUnits(input, '2026-03')).toEqual([]);
  });
});

describe('billingProgress', () => {
  it('says how close the patient is: data days and days left in the window, minutes, the call, each code’s need', () => {
    const input = patient({
      dataEvents: exerciseDays('2026-03-01', 5),
      monitoredSessions: [session('2026-03-10T15:00:00Z', 17 * 60)],
      calls: [phoneCall('2026-03-11T15:00:00Z')],
    });
    expect(billingProgress(input, '2026-03-20')).toEqual({
      window: { start: '2026-03-01', end: '2026-03-30', dataDays: 5, daysLeft: 11 },
      minutes: 17,
      hasLiveCall: true,
      next: [
        { code: '98979', minutesNeeded: 0, needsLiveCall: false },
        { code: '98980', minutesNeeded: 3, needsLiveCall: false },
        { code: '98981', minutesNeeded: 23, needsLiveCall: false },
        { code: '98975', dataDaysNeeded: 0 },
        { code: '98985', dataDaysNeeded: 0 },
        { code: '98977', dataDaysNeeded: 11 },
      ],
    });
  });

  it('leaves set-up out once an earlier window of the episode billed it, and has no window when not onboarded', () => {
    const input = patient({ dataEvents: exerciseDays('2026-03-01', 5) });
    const later = billingProgress(input, '2026-04-05');
    expect(later.window).toEqual({ start: '2026-03-31', end: '2026-04-29', dataDays: 0, daysLeft: 25 });
    expect(later.next.map((n) => n.code)).toEqual(['98979', '98980', '98981', '98985', '98977']);
    expect(billingProgress(patient({ episodes: [] }), '2026-04-05').window).toBeNull();
  });
});

describe('dataDaySourcesOf', () => {
  it('gives each data day of the clinic’s calendar, in order, with the kinds sent on it and no physiological reading', () => {
    const input = patient({
      dataEvents: [
        // 02:00 UTC on March 3 is still March 2 in New York.
        { at: '2026-03-03T02:00:00Z', kind: 'steps' },
        { at: '2026-03-02T14:00:00Z', kind: 'pain' },
        { at: '2026-03-02T15:00:00Z', kind: 'exercise' },
        { at: '2026-03-02T16:00:00Z', kind: 'exercise' },
        { at: '2026-03-01T15:00:00Z', kind: 'prom' },
        { at: '2026-03-04T15:00:00Z', kind: 'heart_rate' },
      ],
    });
    expect(dataDaySourcesOf(input)).toEqual([
      { day: '2026-03-01', kinds: ['prom'] },
      { day: '2026-03-02', kinds: ['exercise', 'pain', 'steps'] },
    ]);
  });
});
