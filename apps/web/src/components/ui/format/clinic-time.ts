/**
 * Instants as the clinic's clocks show them (decision 1252): staff read times in the clinic's timezone, wherever
 * their device is, and a time names its zone when the device's clock would read differently ("2:05 PM EST").
 * Every staff screen that shows an instant formats it here.
 */
export type ClinicTimeStyle = 'time' | 'dateTime' | 'dateTimeSeconds' | 'date';

const styles: Record<ClinicTimeStyle, Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  dateTimeSeconds: {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
  date: { month: 'short', day: 'numeric', year: 'numeric' },
};

// Building a formatter is slow next to using one; a page formats dozens of instants in a few zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formatters.set(key, made);
  }
  return made;
}

/** The device's own timezone, as its clock reads. */
export const deviceTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether `timeZone` is the device's own: the same name once both are in their canonical form. */
const isDeviceZone = (timeZone: string) => formatter(timeZone, {}).resolvedOptions().timeZone === deviceTimeZone();

/**
 * An instant in the clinic's timezone, in one of the staff screens' styles. Without the clinic's zone (not loaded,
 * or not to be had) the device's is used, and the time names it. A day (`date`) never names a zone.
 */
export function formatClinicTime(
  value: string | Date,
  timeZone: string | undefined,
  style: ClinicTimeStyle,
  { namesZone = true }: { namesZone?: boolean } = {},
): string {
  const zone = timeZone ?? deviceTimeZone();
  // A range names its zone once, at its end.
  const names = namesZone && style !== 'date' && (timeZone === undefined || !isDeviceZone(zone));
  return formatter(zone, names ? { ...styles[style], timeZoneName: 'short' } : styles[style]).format(new Date(value));
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone (the device's without one). */
export function clinicDayOf(value: string | Date, timeZone: string | undefined): string {
  const parts = formatter(timeZone ?? deviceTimeZone(), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A timezone's short name as its clocks read now ("EST", "PDT", or "GMT-3" where it has none); the device's without one. */
export function clinicZoneName(timeZone: string | undefined, at: Date = new Date()): string {
  const parts = formatter(timeZone ?? deviceTimeZone(), { timeZoneName: 'short' }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone ?? '';
}
