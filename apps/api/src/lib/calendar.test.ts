import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, localDateTimeOf, weekDays, weekStartOf } from './calendar.ts';

describe('calendar days in the clinic timezone', () => {
  it('takes the day where the clinic is', () => {
    const lateEvening = new Date('2026-03-02T03:30:00Z'); // 22:30 on Mar 1 in New York, 19:30 in Los Angeles
    expect(localDateOf(lateEvening, 'America/New_York')).toBe('2026-03-01');
    expect(localDateOf(lateEvening, 'UTC')).toBe('2026-03-02');
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
