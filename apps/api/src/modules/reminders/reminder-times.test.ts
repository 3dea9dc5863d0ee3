import { describe, expect, it } from 'vitest';
import { daysToDecide, dueInstant } from './reminder-times.ts';

describe('a reminder at a time the clocks skip (decision 1350)', () => {
  it.each([
    // West of UTC: 02:30 on the spring-forward day is 03:30 daylight time.
    ['America/New_York', '2026-03-08', '2026-03-08T07:30:00.000Z'],
    // East of UTC, where the day starts before midnight UTC.
    ['Europe/Madrid', '2026-03-29', '2026-03-29T01:30:00.000Z'],
    ['Australia/Sydney', '2024-10-06', '2024-10-05T16:30:00.000Z'],
    ['Pacific/Auckland', '2024-09-29', '2024-09-28T14:30:00.000Z'],
  ])('in %s on %s goes at 03:30 local', (timezone, day, expected) => {
    expect(dueInstant(day, '02:30', timezone).toISOString()).toBe(expected);
  });

  it('goes at the time itself on an ordinary day', () => {
    expect(dueInstant('2026-03-09', '02:30', 'America/New_York').toISOString()).toBe('2026-03-09T06:30:00.000Z');
  });
});

describe('the days a run decides', () => {
  const schedule = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], localTime: '18:00', timezone: 'UTC' };
  const now = new Date('2026-05-04T19:31:00Z');

  it('owes today a reminder whose time came within the grace window while the schedule was as it is', () => {
    const { due } = daysToDecide(schedule, now, '2026-05-03', new Date('2026-05-01T09:00:00Z'));
    expect(due?.localDate).toBe('2026-05-04');
  });

  it('does not remind at once for a time that passed before the schedule was saved', () => {
    const { due, missed } = daysToDecide(schedule, now, '2026-05-03', new Date('2026-05-04T19:30:00Z'));
    expect(due).toBeUndefined();
    expect(missed).toEqual([]);
  });
});
