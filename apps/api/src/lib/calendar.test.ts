import { describe, expect, it } from 'vitest';
import {
  addDays,
  clinicMonthOf,
  localDateOf,
  localDateTimeOf,
  localInstantOf,
  weekDays,
  weekStartOf,
} from './calendar.ts';

describe('calendar days in the clinic timezone', () => {
  it('takes the day where the clinic is', () => {
    const lateEvening = new Date('2026-03-02T03:30:00Z'); // 22:30 on Mar 1 in New York, 19:30 in Los Angeles
    expect(localDateOf(lateEvening, 'America/New_York')).toBe('2026-03-01');
    expect(localDateOf(lateEvening, 'UTC')).toBe('2026-03-02');
  });

  it('takes the month where the clinic is', () => {
    const firstOfDecemberInLondon = new Date('2026-12-01T03:00:00Z'); // 21:00 on Nov 30 in Chicago
    expect(clinicMonthOf(firstOfDecemberInLondon, 'America/Chicago')).toBe('2026-11');
    expect(clinicMonthOf(firstOfDecemberInLondon, 'Europe/London')).toBe('2026-12');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('starts weeks on Sunday and counts weeks back', () => {
    expect(weekStartOf('2026-11-21')).toBe('2026-11-15'); // a Saturday
    expect(weekStartOf('2026-11-15')).toBe('2026-11-15'); // a Sunday
    expect(weekStartOf('2026-11-21', 2)).toBe('2026-11-01');
    expect(weekDays('2026-11-15')).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
  });
});

describe('localDateTimeOf', () => {
  it('shows an instant as the clinic’s clocks did, with the offset in force then', () => {
    expect(localDateTimeOf(new Date('2026-01-10T18:00:05Z'), 'America/Los_Angeles')).toBe('2026-01-10T10:00:05-08:00');
    expect(localDateTimeOf(new Date('2026-07-10T18:00:05Z'), 'America/Los_Angeles')).toBe('2026-07-10T11:00:05-07:00');
    expect(localDateTimeOf(new Date('2026-01-10T23:30:00Z'), 'UTC')).toBe('2026-01-10T23:30:00+00:00');
    expect(localDateTimeOf(new Date('2026-01-10T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-01-11T05:00:00+05:30');
  });
});

describe('localInstantOf', () => {
  it('finds the instant the clinic’s clocks read a time, across the changes of daylight saving time', () => {
    const la = 'America/Los_Angeles';
    expect(localInstantOf('2026-01-10', '14:30', la)?.toISOString()).toBe('2026-01-10T22:30:00.000Z');
    expect(localInstantOf('2026-07-10', '00:00', la)?.toISOString()).toBe('2026-07-10T07:00:00.000Z');
    expect(localInstantOf('2026-01-10', '23:59', 'Asia/Kolkata')?.toISOString()).toBe('2026-01-10T18:29:00.000Z');
    // Mar 8, 2026: 02:00 becomes 03:00 in Los Angeles, so 02:30 never happens; 03:30 is already summer time.
    expect(localInstantOf('2026-03-08', '02:30', la)).toBeNull();
    expect(localInstantOf('2026-03-08', '03:30', la)?.toISOString()).toBe('2026-03-08T10:30:00.000Z');
    // Nov 1, 2026: 01:30 happens twice; the first (summer time) is taken.
    expect(localInstantOf('2026-11-01', '01:30', la)?.toISOString()).toBe('2026-11-01T08:30:00.000Z');
  });
});
