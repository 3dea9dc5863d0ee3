/**
 * Where a new call sits on the clinic's calendar and clocks, and why it may not (decisions 1280–1282). Each refusal
 * names the field the form shows it beside.
 */
import { addDays, CALL_CORRECTION_DAYS, zoneFormatter } from '@rehabit/contract';
import { localDateOf, localInstantOf, startOfDayIn } from '../../lib/calendar.ts';
import { type AppError, fieldError } from '../../lib/errors.ts';
import type { BusySpan } from './clinician-time.repository.ts';

export type CallSpan = { start: Date; end: Date };
type CallTime = { date: string; start_time: string; minutes: number };
/** The clinic's calendar for the call, and how many days back its caller may log one (`callDaysBackOf`). */
type CallCalendar = { timezone: string; episodeStartedAt: Date | null; daysBack: number };

const clockOptions = { hour: 'numeric', minute: '2-digit' } as const;
const dayOptions = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const clockOf = (instant: Date, timezone: string) => zoneFormatter('en-US', timezone, clockOptions).format(instant);
const dayName = (day: string) => zoneFormatter('en-US', 'UTC', dayOptions).format(new Date(`${day}T00:00:00Z`));

/**
 * The call's span, from its day and clock time in the clinic's timezone, once its day is one a call may be logged on
 * and it ends by that day's midnight: a call of today or the days before it the caller may reach (7, or a year for the
 * supervisor's corrections), not before the patient's latest episode began, that has begun by `now`.
 */
export function placeCall(body: CallTime, calendar: CallCalendar, now: Date): CallSpan {
  const { timezone } = calendar;
  const today = localDateOf(now, timezone);
  if (body.date > today) throw fieldError('date', `A call cannot be logged in the future: today is ${dayName(today)}`);
  if (calendar.episodeStartedAt) {
    const episodeDay = localDateOf(calendar.episodeStartedAt, timezone);
    if (body.date < episodeDay) {
      throw fieldError('date', `A call cannot be before this patient's RTM episode began on ${dayName(episodeDay)}`);
    }
  }
  const earliest = addDays(today, -calendar.daysBack);
  if (body.date < earliest) {
    const reach = `up to ${calendar.daysBack} days back (from ${dayName(earliest)})`;
    throw fieldError(
      'date',
      calendar.daysBack > CALL_CORRECTION_DAYS
        ? `A supervisor's correction reaches ${reach}`
        : `A call can be logged ${reach}; the clinic's supervisor can log an older one as a correction`,
    );
  }
  const start = localInstantOf(body.date, body.start_time, timezone);
  if (!start) {
    throw fieldError('start_time', `The clinic's clocks skipped ${body.start_time} on this day (daylight saving time)`);
  }
  if (start > now) throw fieldError('start_time', `A call cannot start later than now (${clockOf(now, timezone)})`);
  const end = new Date(start.getTime() + body.minutes * 60_000);
  // The next day's start ends the day.
  const midnight = startOfDayIn(addDays(body.date, 1), timezone);
  if (end > midnight) {
    const left = Math.round((midnight.getTime() - start.getTime()) / 60_000);
    throw fieldError(
      'minutes',
      `A call ends by midnight of its day: one starting at ${clockOf(start, timezone)} lasts at most ${left} minutes`,
    );
  }
  return { start, end };
}

const busyNames: Record<BusySpan['kind'], string> = { call: 'call' };

/** The refusal of a call that overlaps the clinician's other work with a patient: when, and with whom. */
export function overlapRefusal(busy: BusySpan, patientId: number, timezone: string): AppError {
  const whom = busy.patientId === patientId ? 'this patient' : 'another patient';
  const detail =
    `This call would overlap your ${busyNames[busy.kind]} with ${whom} ` +
    `from ${clockOf(busy.start, timezone)} to ${clockOf(busy.end, timezone)} on ${dayName(localDateOf(busy.start, timezone))}`;
  return fieldError('start_time', detail, 'conflict');
}
