import { isIP } from 'node:net';
import { waitInUnits } from '@rehabit/contract';

/**
 * The shared pieces of the sign-in limits (decisions 0504 and 1295): who a caller is, and how a wait is told.
 */

/**
 * Who is asking, for the limits per address: the caller's address as the app sees it (behind a trusted proxy, the
 * forwarded one). IPv4-mapped addresses count as IPv4, and IPv6 addresses by their /64, which one subscriber usually
 * holds whole.
 */
export function clientKey(ip: string | null): string {
  if (!ip) return 'unknown';
  const address = ip.trim().toLowerCase().split('%')[0]!;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  // An IPv4 tail (`::1.2.3.4`) stands for two groups.
  const groups = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head = '', tail] = groups.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const full = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** "42 seconds", "7 minutes", "1 hour": the contract's rounding, in English. */
export function inWords(waitMs: number) {
  const { unit, count } = waitInUnits(waitMs / 1000);
  return `${count} ${count === 1 ? unit.slice(0, -1) : unit}`;
}

/** The `Retry-After` of a wait, in whole seconds, at least one. */
export const retryAfter = (waitMs: number) => String(Math.max(1, Math.ceil(waitMs / 1000)));

export type Refusal = { waitMs: number; message: string };

/** The longest wait among the rules that refuse: telling of a shorter one would only lead to another refusal. */
export const longest = (refusals: Refusal[]) =>
  refusals.filter((refusal) => refusal.waitMs > 0).sort((a, b) => b.waitMs - a.waitMs)[0];

/**
 * How long until fewer than `max` of the times are inside the window ending now (0 when they are already): the
 * times at or before `now - window` are out.
 */
export function windowWait(times: Date[], max: number, windowMs: number, now: Date) {
  const inside = times
    .map((at) => at.getTime())
    .filter((at) => at > now.getTime() - windowMs)
    .sort((a, b) => a - b);
  if (inside.length < max) return 0;
  return inside[inside.length - max]! + windowMs - now.getTime();
}
