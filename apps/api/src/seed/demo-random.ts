import { zoneFormatter } from '@rehabit/contract';

/** A seeded generator (mulberry32), so every demo database holds the same programs and history. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    shuffle: <T>(items: readonly T[]) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    /** A UUID-shaped id (version 4 layout), as the patient app sends with each log. */
    uuid: () => {
      const word = () =>
        Math.floor(next() * 4_294_967_296)
          .toString(16)
          .padStart(8, '0');
      const [a, b, c, d] = [word(), word(), word(), word()];
      const variant = (8 + (Number.parseInt(c[0]!, 16) % 4)).toString(16);
      return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** How far the timezone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timezone: string): number {
  const formatter = zoneFormatter('en-US', timezone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000;
}

const noonOffsets = new Map<string, number>();

/**
 * The instant a wall clock in the timezone shows `minuteOfDay` minutes after midnight of the calendar day. The
 * day's offset is taken at noon (cached: the seed asks for thousands of times), which is right for every time
 * after the early-morning daylight-saving change.
 */
export function atLocalTime(day: string, minuteOfDay: number, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const key = `${timezone}:${day}`;
  let offset = noonOffsets.get(key);
  if (offset === undefined) {
    const noon = Date.UTC(y, m - 1, d, 12);
    offset = offsetAt(new Date(noon - offsetAt(new Date(noon), timezone)), timezone);
    noonOffsets.set(key, offset);
  }
  return new Date(Date.UTC(y, m - 1, d, 0, minuteOfDay) - offset);
}

/** Whole days from one calendar day to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
