/**
 * Calendar days in a clinic's timezone, as `YYYY-MM-DD` strings. Days, weeks and streaks are counted where the
 * clinic is, not where the server runs (decisions 0400 and 0800).
 */

import { addDays, zoneFormatter } from '@rehabit/contract';

export { addDays, clinicMonthOf, daysBetween, localDateOf } from '@rehabit/contract';

/** 0 for Sunday … 6 for Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The Sunday that starts the week `weeksAgo` weeks before the week of `today` (US clinics' weeks run Sunday–Saturday). */
export function weekStartOf(today: string, weeksAgo = 0): string {
  return addDays(today, -weekdayOf(today) - 7 * weeksAgo);
}

/** The seven days of the week starting at `start`. */
export const weekDays = (start: string) => Array.from({ length: 7 }, (_, i) => addDays(start, i));

/**
 * An instant as the clinic's clocks showed it, ISO 8601 with the offset in force then: `2026-01-10T10:00:00-08:00`.
 * Exports show times this way, so a reader sees the local time and can still place it exactly.
 */
export function localDateTimeOf(instant: Date, timezone: string): string {
  const formatter = zoneFormatter('en-CA', timezone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  const part = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  // `GMT-08:00`, or plain `GMT` where the offset is zero.
  const offset = part.timeZoneName === 'GMT' ? '+00:00' : String(part.timeZoneName).replace('GMT', '');
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}

/**
 * Noon of a calendar day on the clinic's clocks, as an instant: a dated record (a call, an outcome entry) placed
 * where any reading of it in that timezone gives back its day.
 */
export function middayOf(day: string, timezone: string): Date {
  const offset = localDateTimeOf(new Date(`${day}T12:00:00Z`), timezone).slice(19);
  return new Date(`${day}T12:00:00${offset}`);
}

/**
 * The instant a clinic's clocks read `time` (HH:MM) on `day`, or null where they never do (the hour skipped when
 * daylight saving time begins). Where they read it twice (the hour repeated when it ends), the first.
 */
export function localInstantOf(day: string, time: string, timezone: string): Date | null {
  const wall = `${day}T${time}`;
  // The offset in force near that time; tried again from the first guess, which lands across a change of offset.
  let guess = new Date(`${wall}:00Z`);
  for (let i = 0; i < 2; i++) {
    const offset = localDateTimeOf(guess, timezone).slice(19);
    guess = new Date(`${wall}:00${offset}`);
    if (localDateTimeOf(guess, timezone).startsWith(wall)) {
      // The earlier of two readings of the same wall time, an hour (the usual change) before.
      const earlier = new Date(guess.getTime() - 3_600_000);
      return localDateTimeOf(earlier, timezone).startsWith(wall) ? earlier : guess;
    }
  }
  return null;
}

/** The instant a clinic's day begins: its midnight, or 01:00 in a zone whose clocks skip midnight that day. */
export const startOfDayIn = (day: string, timezone: string): Date =>
  localInstantOf(day, '00:00', timezone) ?? localInstantOf(day, '01:00', timezone)!;
