import { describe, expect, it } from 'vitest';
import { localDateOf } from './calendar.ts';
import { CALL_NOK, CALL_OK, callStatusOf, reminderPeriodStart } from './call-status.ts';
import { CHAT_OUTDATED, CHAT_RECENT } from './chat.ts';
import { chatFreshnessOf } from './patient-status.ts';

describe('callStatusOf (decision 0901)', () => {
  it.each([
    // 31-day month: the last 7 days are the 25th to the 31st.
    ['2026-03-24', false],
    ['2026-03-25', true],
    ['2026-03-31', true],
    // 30-day month: the 24th to the 30th.
    ['2026-04-23', false],
    ['2026-04-24', true],
    ['2026-04-30', true],
    // February: the 22nd to the 28th, and the 23rd to the 29th in a leap year.
    ['2026-02-21', false],
    ['2026-02-22', true],
    ['2026-02-28', true],
    ['2028-02-22', false],
    ['2028-02-23', true],
    ['2028-02-29', true],
    ['2026-03-01', false],
  ])('without a call this month, %s shows a reminder: %s', (today, reminder) => {
    expect(callStatusOf([], today, true)).toEqual({ status: CALL_NOK, is_needed: true, needs_reminder: reminder });
  });

  it('is CALL_OK with a call anywhere in today’s month, and never reminds', () => {
    expect(callStatusOf(['2026-03-01'], '2026-03-31', true)).toEqual({
      status: CALL_OK,
      is_needed: false,
      needs_reminder: false,
    });
    expect(callStatusOf(['2026-02-27', '2026-03-30'], '2026-03-30', true)).toEqual({
      status: CALL_OK,
      is_needed: false,
      needs_reminder: false,
    });
  });

  it('does not count a call of last month, nor one of the same month of another year', () => {
    expect(callStatusOf(['2026-02-28', '2025-03-15'], '2026-03-26', true)).toEqual({
      status: CALL_NOK,
      is_needed: true,
      needs_reminder: true,
    });
  });

  it('reads the month of the clinic’s calendar day, not of UTC', () => {
    // 03:00 UTC on April 1 is still March 31 in New York: a call of March 5 still counts there.
    const now = new Date('2026-04-01T03:00:00Z');
    expect(callStatusOf(['2026-03-05'], localDateOf(now, 'America/New_York'), true).status).toBe(CALL_OK);
    expect(callStatusOf(['2026-03-05'], localDateOf(now, 'Europe/Berlin'), true)).toEqual({
      status: CALL_NOK,
      is_needed: true,
      needs_reminder: false,
    });
    // 23:00 UTC on March 24 is already March 25 in Tokyo: the reminder period has begun there.
    const evening = new Date('2026-03-24T23:00:00Z');
    expect(callStatusOf([], localDateOf(evening, 'Asia/Tokyo'), true).needs_reminder).toBe(true);
    expect(callStatusOf([], localDateOf(evening, 'America/Los_Angeles'), true).needs_reminder).toBe(false);
  });

  it('asks for no call where RTM cannot bill (not covered, or no consent), though none is logged', () => {
    expect(callStatusOf([], '2026-03-28', false)).toEqual({
      status: CALL_NOK,
      is_needed: false,
      needs_reminder: false,
    });
  });

  it('names the first day of the reminder period', () => {
    expect(reminderPeriodStart('2026-12-01')).toBe('2026-12-25');
    expect(reminderPeriodStart('2026-11-10')).toBe('2026-11-24');
  });
});

describe('chatFreshnessOf (decision 0901)', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  it.each([
    [0, CHAT_RECENT],
    [5, CHAT_RECENT],
    [5.01, null],
    [29.9, null],
    [30, CHAT_OUTDATED],
    [90, CHAT_OUTDATED],
  ])('a last message %s days ago is %s', (days, freshness) => {
    expect(chatFreshnessOf(daysAgo(days), now, daysAgo(400))).toBe(freshness);
  });

  it('counts a patient who never wrote as outdated once in care for 30 days, not before', () => {
    expect(chatFreshnessOf(null, now, daysAgo(30))).toBe(CHAT_OUTDATED);
    expect(chatFreshnessOf(null, now, daysAgo(29.9))).toBeNull();
    expect(chatFreshnessOf(null, now, daysAgo(0))).toBeNull();
  });

  it('counts the quiet from the start of care when it came after the last message', () => {
    expect(chatFreshnessOf(daysAgo(90), now, daysAgo(10))).toBeNull();
    expect(chatFreshnessOf(daysAgo(90), now, daysAgo(31))).toBe(CHAT_OUTDATED);
    // A message within the recent days is recent, whenever care began.
    expect(chatFreshnessOf(daysAgo(2), now, daysAgo(1))).toBe(CHAT_RECENT);
  });
});
