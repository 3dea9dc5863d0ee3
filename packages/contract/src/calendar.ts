/**
 * Calendar days in a clinic's timezone, as `YYYY-MM-DD` strings: days are counted where the clinic is, not where
 * the code runs (decisions 0400 and 0800). Shared by the API and the billing rules.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter of instants as a timezone's clocks show them, made once per locale, zone and options: building one
 * costs far more than using it, and reports and seeds place thousands of instants.
 */
export function zoneFormatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

const dayOptions = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/** The calendar day of an instant in the timezone. */
export function localDateOf(instant: Date, timezone: string): string {
  return zoneFormatter('en-CA', timezone, dayOptions).format(instant);
}

/** The calendar month `YYYY-MM` of an instant in the timezone: a clinic's months are counted on its own clock. */
export const clinicMonthOf = (instant: Date, timezone: string): string => localDateOf(instant, timezone).slice(0, 7);

/** The day `days` after (or before, when negative) a calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The last calendar day of a month `YYYY-MM`. */
export function lastDayOfMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
}
