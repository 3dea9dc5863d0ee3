import { REMINDER_GRACE_MINUTES, type ReminderWeekday } from '@rehabit/contract';
import { addDays, localDateOf, localDateTimeOf, localInstantOf, weekdayOf } from '../../lib/calendar.ts';

/** `weekdayOf`'s numbers (Sunday 0) as the schedule names them. */
const weekdays: readonly ReminderWeekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export const weekdayName = (day: string): ReminderWeekday => weekdays[weekdayOf(day)]!;

/** The wall time (HH:MM) of an instant on a timezone's clocks. */
export const wallTimeOf = (instant: Date, timezone: string) => localDateTimeOf(instant, timezone).slice(11, 16);

/**
 * When a reminder of `time` on `day` is due (decision 1350): the first time the clocks read it when they read it
 * twice (the hour repeated in autumn), and as late as the clocks jumped when they never do (02:30 on a
 * spring-forward day is 03:30), read with the offset in force before the jump.
 */
export function dueInstant(day: string, time: string, timezone: string): Date {
  const exact = localInstantOf(day, time, timezone);
  if (exact) return exact;
  // The offset a day before (clocks never jump twice in a day), read east and west of UTC alike.
  const dayBefore = new Date(Date.parse(`${day}T${time}:00Z`) - 24 * 3600_000);
  const before = localDateTimeOf(dayBefore, timezone).slice(19);
  return new Date(`${day}T${time}:00${before}`);
}

type Schedule = { days: readonly string[]; localTime: string; timezone: string };
type Day = { localDate: string; dueAt: Date };

/** How far back days missed while no server ran are recorded (`missed`): a month of history, not more. */
export const MISSED_LOOKBACK_DAYS = 31;

/**
 * The days to decide at `now` (decision 1350), after the last day already decided (`lastDay`): the latest
 * scheduled day whose time has come not more than the grace window ago (`due`), and each earlier scheduled day
 * whose time passed while no server ran (`missed`). A day is due or missed only if the schedule was already as it is
 * at its time (`since`, when it was saved); a day is decided once, so the repeated autumn hour does not remind twice.
 */
export function daysToDecide(
  schedule: Schedule,
  now: Date,
  lastDay: string | null,
  since: Date,
): { due?: Day; missed: Day[] } {
  const today = localDateOf(now, schedule.timezone);
  const lookback = addDays(today, -MISSED_LOOKBACK_DAYS);
  let day = lastDay !== null && addDays(lastDay, 1) > lookback ? addDays(lastDay, 1) : lookback;
  const passed: Day[] = [];
  for (; day <= today; day = addDays(day, 1)) {
    if (!schedule.days.includes(weekdayName(day))) continue;
    const dueAt = dueInstant(day, schedule.localTime, schedule.timezone);
    if (dueAt.getTime() > now.getTime()) break;
    passed.push({ localDate: day, dueAt });
  }
  const last = passed.at(-1);
  // A time that passed before the schedule was saved as it is is not owed: a schedule saved at 19:30 for 18:00 starts
  // tomorrow.
  const due =
    last &&
    now.getTime() - last.dueAt.getTime() <= REMINDER_GRACE_MINUTES * 60_000 &&
    last.dueAt.getTime() >= since.getTime()
      ? last
      : undefined;
  const missed = passed.filter((d) => d !== due && d.dueAt.getTime() >= since.getTime());
  return { due, missed };
}

/** When the schedule next has a reminder due after `lastDay` and after `now`: the job looks at it again then. */
export function nextDueAt(schedule: Schedule, now: Date, lastDay: string | null): Date | undefined {
  const today = localDateOf(now, schedule.timezone);
  for (let day = addDays(today, -1); day <= addDays(today, 8); day = addDays(day, 1)) {
    if ((lastDay !== null && day <= lastDay) || !schedule.days.includes(weekdayName(day))) continue;
    const dueAt = dueInstant(day, schedule.localTime, schedule.timezone);
    if (dueAt.getTime() > now.getTime()) return dueAt;
  }
  return undefined;
}
