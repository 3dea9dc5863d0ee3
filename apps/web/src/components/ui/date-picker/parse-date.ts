const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A real calendar day, or null (e.g. Feb 30). */
function dayOf(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month, day);
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : null;
}

/**
 * A typed date in the product's `MMM D, YYYY`, the US `MM/DD/YYYY` (or `M/D/YYYY`) or the ISO `YYYY-MM-DD` form.
 * Only a whole date counts: "03/04/195" is not the year 195 while typing goes on.
 */
export function parseTypedDate(text: string): Date | null {
  const value = text.trim();
  let match = /^([A-Za-z]{3})[A-Za-z]*\.? (\d{1,2}),? (\d{4})$/.exec(value);
  if (match) {
    const month = MONTHS.indexOf(match[1]!.toLowerCase());
    return month < 0 ? null : dayOf(Number(match[3]), month, Number(match[2]));
  }
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) return dayOf(Number(match[3]), Number(match[1]) - 1, Number(match[2]));
  match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) return dayOf(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return null;
}
