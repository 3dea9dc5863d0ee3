import { describe, expect, it } from 'vitest';
import { monthDataDaysNeeded } from './billing-rules.ts';
import { isKnownTimezone, isQuietTime, monthAtRisk, reminderScheduleBodySchema } from './reminders.ts';

describe('monthAtRisk', () => {
  it.each([
    // needed, logged, days left (today included), at risk
    [16, 16, 10, false],
    [16, 20, 1, false],
    [16, 10, 20, false],
    [16, 10, 10, false],
    [16, 10, 9, true],
    [16, 15, 4, true],
    [16, 15, 5, false],
    [2, 0, 5, true],
    [2, 0, 6, false],
    [2, 1, 1, true],
    [2, 2, 1, false],
  ])('%i needed, %i logged, %i days left: %s', (needed, logged, daysLeft, expected) => {
    expect(monthAtRisk({ needed, logged, daysLeft })).toBe(expected);
  });

  it('takes the month threshold from the billing rules: 16 data days in 2025, 2 in 2026', () => {
    expect(monthDataDaysNeeded('2025-06-30')).toBe(16);
    expect(monthDataDaysNeeded('2026-03-31')).toBe(2);
  });
});

describe('the schedule', () => {
  const valid = {
    enabled: true,
    days: ['mon', 'wed'],
    time: '18:30',
    timezone: 'America/New_York',
    language: 'en',
    channels: ['sms'],
  };
  const errorsOf = (body: object) =>
    reminderScheduleBodySchema.safeParse(body).error?.issues.map((i) => i.path.join('.')) ?? [];

  it('accepts a schedule, quiet hours off by default', () => {
    expect(reminderScheduleBodySchema.parse(valid).quiet_hours_allowed).toBe(false);
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ timezone: '../etc' }, 'timezone'],
    [{ time: '25:00' }, 'time'],
    [{ time: '7:00' }, 'time'],
    [{ time: '22:00' }, 'time'],
    [{ channels: [] }, 'channels'],
    [{ channels: ['fax'] }, 'channels.0'],
    [{ days: [] }, 'days'],
    [{ days: ['mon', 'mon'] }, 'days'],
  ])('refuses %o', (change, field) => {
    expect(errorsOf({ ...valid, ...change })).toContain(field);
  });

  it('allows a quiet-hours time when chosen, and no channel while off', () => {
    expect(errorsOf({ ...valid, time: '22:00', quiet_hours_allowed: true })).toEqual([]);
    expect(errorsOf({ ...valid, enabled: false, channels: [] })).toEqual([]);
  });

  it('knows quiet hours and timezones', () => {
    expect([isQuietTime('20:59'), isQuietTime('21:00'), isQuietTime('07:59'), isQuietTime('08:00')]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(isKnownTimezone('Europe/Madrid')).toBe(true);
    expect(isKnownTimezone('Nowhere/Special')).toBe(false);
  });
});
