import {
  type ReminderChannel,
  type ReminderLanguage,
  type ReminderOutcome,
  type ReminderSchedule,
  type ReminderWeekday,
  reminderWeekdays,
} from '@rehabit/contract';

/** What one day's reminder became, in words. Every outcome has its words: a new one does not compile without them. */
export const outcomeLabels: Record<ReminderOutcome, string> = {
  sent: 'Sent',
  skipped_logged: 'Not sent: already logged that day',
  skipped_quiet: 'Not sent: it would have come in quiet hours',
  failed: 'Failed',
  opted_out: 'Not sent: the patient opted out',
  pending: 'Being delivered',
  missed: 'Missed: the server was not running at the reminder time',
};

export const channelLabels: Record<ReminderChannel, string> = {
  sms: 'Text message',
  email: 'E-mail',
  push: 'App notification',
};
export const languageLabels: Record<ReminderLanguage, string> = { en: 'English', es: 'Spanish' };
export const dayLabels: Record<ReminderWeekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
export const dayNames: Record<ReminderWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A wall time (HH:MM) as staff read it: "7:30 PM". */
export function wallTime(time: string) {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1, hours, minutes),
  );
}

function daysInWords(days: readonly ReminderWeekday[]) {
  if (days.length === reminderWeekdays.length) return 'Every day';
  return reminderWeekdays
    .filter((day) => days.includes(day))
    .map((day) => dayLabels[day])
    .join(', ');
}

/** Who the schedule is from. */
export function originInWords(setBy: ReminderSchedule['set_by']) {
  if (setBy === 'patient') return 'chosen by the patient';
  if (setBy === 'staff') return 'a default set by staff';
  return 'nothing saved yet';
}

/**
 * The schedule in a sentence: "Mon, Wed, Fri at 7:30 PM (America/Chicago) by text message — chosen by the patient",
 * or "Off — chosen by the patient".
 */
export function scheduleInWords(schedule: ReminderSchedule) {
  const origin = originInWords(schedule.set_by);
  if (!schedule.enabled) return `Off — ${origin}`;
  const channels = schedule.channels.map((channel) => channelLabels[channel].toLowerCase()).join(' and ');
  return `${daysInWords(schedule.days)} at ${wallTime(schedule.time)} (${schedule.timezone}) by ${channels} — ${origin}`;
}
