import { QUIET_HOURS, type ReminderWeekday, reminderWeekdays } from '@rehabit/contract';

/** Monday to Friday: the "Weekdays" shortcut. */
export const workWeek: readonly ReminderWeekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
/** The last minute before quiet hours begin. */
export const LAST_BEFORE_QUIET = '20:59';

/** The days in the week's order, whatever order they were chosen in. */
export const inWeekOrder = (days: readonly ReminderWeekday[]) => reminderWeekdays.filter((day) => days.includes(day));

export const sameDays = (a: readonly ReminderWeekday[], b: readonly ReminderWeekday[]) =>
  a.length === b.length && b.every((day) => a.includes(day));

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A weekday's name in the language: "Mon" / "Monday", "Lun" / "Lunes". */
export function weekdayName(day: ReminderWeekday, language: string, width: 'short' | 'long') {
  // 1 January 2024 was a Monday.
  const date = Date.UTC(2024, 0, 1 + reminderWeekdays.indexOf(day));
  return capitalised(new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(date));
}

/** A wall time (HH:MM) as the language writes it: "7:30 PM", "19:30". */
export function wallTime(time: string, language: string) {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1, hours, minutes),
  );
}

/** Quiet hours and the last time before them, as the language writes them. */
export const quietWords = (language: string) => ({
  from: wallTime(QUIET_HOURS.from, language),
  until: wallTime(QUIET_HOURS.until, language),
  last: wallTime(LAST_BEFORE_QUIET, language),
});

/** A timezone in plain words where the runtime has them: "Central Time (America/Chicago)". */
export function timezoneWords(timezone: string, language: string) {
  try {
    const name = new Intl.DateTimeFormat(language, { timeZone: timezone, timeZoneName: 'longGeneric' })
      .formatToParts(Date.now())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== timezone ? `${name} (${timezone})` : timezone;
  } catch {
    return timezone;
  }
}

/** The phone's IANA timezone, which reminders follow. */
export const phoneTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
