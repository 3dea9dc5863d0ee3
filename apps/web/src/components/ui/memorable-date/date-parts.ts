export type DateParts = { month: string; day: string; year: string };

/** The parts of a saved `YYYY-MM-DD`, without leading zeros, as a person would type them. */
export function isoToParts(value: string | null | undefined): DateParts {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return { month: '', day: '', year: '' };
  return { month: String(Number(match[2])), day: String(Number(match[3])), year: match[1]! };
}

/**
 * `YYYY-MM-DD` once all three parts are typed (whether the day exists is the schema's question);
 * empty while one is missing, so the form asks for the date rather than for a format.
 */
export function partsToIso({ month, day, year }: DateParts): string {
  if (!month || !day || !year) return '';
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
