/** An instant in the clinic's timezone, the zone named so that it cannot be read as the browser's. */
export function clinicDateTime(iso: string, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  return new Intl.DateTimeFormat('en-US', timeZone ? { ...options, timeZone } : options).format(new Date(iso));
}

/** A change of a figure, from the signed value to the recomputed one: "25 → 45 (+20)", "$43.05 → $76.35 (+$33.30)". */
export function fromTo(before: number, after: number, format: (n: number) => string = String): string {
  const difference = Math.round((after - before) * 100) / 100;
  return `${format(before)} → ${format(after)} (${difference < 0 ? '−' : '+'}${format(Math.abs(difference))})`;
}
