import { type SearchOption, SearchSelect } from '@web/components/ui/search-select/search-select.tsx';
import { type Ref, useMemo, useState } from 'react';

/** Matches shown at once: enough to scan, few enough to read; typing more narrows them. */
const MAX_SHOWN = 40;

let zones: string[] | undefined;
/** The browser's IANA zones (UTC among them), read once. */
function allZones(): string[] {
  zones ??= (() => {
    const known = Intl.supportedValuesOf('timeZone');
    return known.includes('UTC') ? known : ['UTC', ...known];
  })();
  return zones;
}

/** A zone as people read it: "America/New York". */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** The zone's offset from UTC today ("GMT-5"), to tell zones apart; nothing where the browser cannot say. */
function offsetOf(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

type TimezoneFieldProps = {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: string;
  ref?: Ref<{ focus: () => void }>;
};

/** The clinic's timezone, chosen from the IANA zones by typing part of its name (a city, a region). */
export function TimezoneField({ value, onChange, onBlur, error, ref }: TimezoneFieldProps) {
  const [query, setQuery] = useState('');
  const options = useMemo<SearchOption<string>[]>(() => {
    const words = query.trim().toLowerCase().replaceAll(' ', '_');
    if (!words) return [];
    return allZones()
      .filter((zone) => zone.toLowerCase().includes(words))
      .slice(0, MAX_SHOWN)
      .map((zone) => ({ value: zone, label: zoneLabel(zone), detail: offsetOf(zone) }));
  }, [query]);

  return (
    <SearchSelect
      ref={ref}
      label="Timezone"
      selected={value ? { value, label: zoneLabel(value) } : null}
      onSelect={(option) => onChange(option?.value ?? '')}
      query={query}
      onQueryChange={setQuery}
      options={options}
      placeholder="Type a city, e.g. Chicago"
      emptyText="No timezone has this name. Try the largest city near the clinic."
      hint="The clinic’s calendar: data days, monthly minutes and the billing month follow it."
      error={error}
      required
      onBlur={onBlur}
    />
  );
}
