import type { FhirResource } from './fhir-mapping.ts';

// The search parameters of the read API's Observation search (decision 1425): the patient, and dates with prefixes.

const prefixes = ['eq', 'ge', 'gt', 'le', 'lt'] as const;
type Prefix = (typeof prefixes)[number];
/** One `date` parameter: its prefix and the span its value covers at its precision (a year, a day, a second). */
export type DateCondition = { prefix: Prefix; start: number; end: number };

const DATE_VALUE =
  /^(eq|ge|gt|le|lt)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/**
 * A `date` parameter's value, or an error in words. A value without a time zone is taken as UTC; its span runs to
 * the end of its precision (`2026-01` is all of January).
 */
export function parseDateCondition(raw: string): DateCondition | string {
  const match = DATE_VALUE.exec(raw);
  if (!match) return `date "${raw}" is not a FHIR date (e.g. ge2026-01-01)`;
  const [, prefix = 'eq', year, month, day, hour, minute, second, zone] = match;
  const zoneHours = zone && zone !== 'Z' ? Number(zone.slice(1, 3)) : 0;
  const zoneMinutes = zone && zone !== 'Z' ? Number(zone.slice(4)) : 0;
  if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59) {
    return `date "${raw}" is not a real time`;
  }
  if (zoneMinutes > 59 || zoneHours * 60 + zoneMinutes > 14 * 60) return `date "${raw}" has no real time zone`;
  const y = Number(year);
  const mo = month === undefined ? 0 : Number(month) - 1;
  const d = day === undefined ? 1 : Number(day);
  if (mo > 11 || d < 1 || d > 31) return `date "${raw}" is not a real date`;
  const start = Date.UTC(y, mo, d, Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0));
  if (new Date(start).getUTCDate() !== d) return `date "${raw}" is not a real date`;
  const offset = (zone?.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  const from = start - offset * 60_000;
  const end =
    hour !== undefined
      ? from + (second !== undefined ? 1_000 : 60_000)
      : day !== undefined
        ? Date.UTC(y, mo, d + 1)
        : month !== undefined
          ? Date.UTC(y, mo + 1, 1)
          : Date.UTC(y + 1, 0, 1);
  return { prefix: prefix as Prefix, start: from, end };
}

/** When an observation was made, as an instant (a date alone is its day's start in UTC). */
const effectiveOf = (resource: FhirResource): number | null => {
  const value = resource.effectiveDateTime;
  if (typeof value !== 'string') return null;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : time;
};

/** Whether an observation's time meets every date condition. */
export function meetsDates(resource: FhirResource, conditions: DateCondition[]): boolean {
  if (conditions.length === 0) return true;
  const time = effectiveOf(resource);
  if (time === null) return false;
  return conditions.every(({ prefix, start, end }) => {
    switch (prefix) {
      case 'eq':
        return time >= start && time < end;
      case 'ge':
        return time >= start;
      case 'gt':
        return time >= end;
      case 'le':
        return time < end;
      default:
        return time < start;
    }
  });
}

/** The patient a `patient` (or `subject`) parameter names: `123` or `Patient/123`; null when it names none. */
export function patientIdOf(raw: string): number | null {
  const match = /^(?:Patient\/)?([1-9]\d{0,9})$/.exec(raw.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}
