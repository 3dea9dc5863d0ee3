/**
 * Calendar days in a clinic's timezone, as `YYYY-MM-DD` strings. Days, weeks and streaks are counted where the
 * clinic is, not where the server runs (product decisions §5).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string) {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The calendar day of an instant in the timezone. */
export function localDateOf(instant: Date, timezone: string): string {
  return formatterFor(timezone).format(instant);
}

/** The day `days` after (or before, when negative) a calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 for Sunday … 6 for Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The Sunday that starts the week `weeksAgo` weeks before the week of `today` (US clinics' weeks run Sunday–Saturday). */
export function weekStartOf(today: string, weeksAgo = 0): string {
  return addDays(today, -weekdayOf(today) - 7 * weeksAgo);
}

/** The seven days of the week starting at `start`. */
export const weekDays = (start: string) => Array.from({ length: 7 }, (_, i) => addDays(start, i));

/**
 * Consecutive active days ending today, or ending yesterday while today has nothing yet: a streak is not broken
 * until a whole day passes without exercise.
 */
export function streakOf(activeDays: Iterable<string>, today: string): number {
  const days = new Set(activeDays);
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}
