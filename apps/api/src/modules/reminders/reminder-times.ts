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
  const before = localDateTimeOf(new Date(`${day}T00:00:00Z`), timezone).slice(19);
  return new Date(`${day}T${time}:00${before}`);
}

type Schedule = { days: readonly string[]; localTime: string; timezone: string };

/**
 * The reminder due at `now`: the latest of today's and yesterday's (on the patient's clocks) whose time has come,
 * not more than the grace window ago, and after the last day already decided. A day is decided once, so the
 * repeated autumn hour does not remind twice.
 */
export function dueReminder(
  schedule: Schedule,
  now: Date,
  lastDay: string | null,
): { localDate: string; dueAt: Date } | undefined {
  const today = localDateOf(now, schedule.timezone);
  for (const day of [today, addDays(today, -1)]) {
    if (lastDay !== null && day <= lastDay) return undefined;
    if (!schedule.days.includes(weekdayName(day))) continue;
    const dueAt = dueInstant(day, schedule.localTime, schedule.timezone);
    const late = now.getTime() - dueAt.getTime();
    if (late < 0) continue;
    return late <= REMINDER_GRACE_MINUTES * 60_000 ? { localDate: day, dueAt } : undefined;
  }
  return undefined;
}
