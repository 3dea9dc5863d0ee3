import { isIP } from 'node:net';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_FAILURES_PER_CLIENT_PER_DAY,
  OTP_MAX_FAILURES_PER_PHONE_PER_DAY,
  OTP_MAX_SENDS_PER_CLIENT_PER_DAY,
  OTP_MAX_SENDS_PER_PHONE_PER_DAY,
  OTP_MAX_SENDS_PER_WINDOW,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SEND_WINDOW_MINUTES,
} from '@rehabit/contract';

/** The phone-code limits of decision 0504, as pure rules over what was sent and failed in the last day. */

export const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

/**
 * Who is asking, for the limits per phone and client: the caller's address as the app sees it (behind a trusted
 * proxy, the forwarded one). IPv4-mapped addresses count as IPv4, and IPv6 addresses by their /64, which one
 * subscriber usually holds whole.
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

type Stamp = { at: Date; client: string | null };

/**
 * How long until fewer than `max` of the stamps are inside the window ending now (0 when they are already):
 * the stamps at or before `now - window` are out.
 */
function windowWait(stamps: Stamp[], max: number, windowMs: number, now: Date) {
  const inside = stamps
    .map((stamp) => stamp.at.getTime())
    .filter((at) => at > now.getTime() - windowMs)
    .sort((a, b) => a - b);
  if (inside.length < max) return 0;
  return inside[inside.length - max]! + windowMs - now.getTime();
}

export type Refusal = { waitMs: number; message: string };

/** The longest wait among the rules that refuse: telling of a shorter one would only lead to another refusal. */
const longest = (refusals: Refusal[]) =>
  refusals.filter((refusal) => refusal.waitMs > 0).sort((a, b) => b.waitMs - a.waitMs)[0];

/** "42 seconds", "7 minutes", "5 hours": rounded up, so waiting that long is always enough. */
export function inWords(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds <= 90) return plural(seconds, 'second');
  if (seconds <= 90 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** The `Retry-After` of a wait, in whole seconds, at least one. */
export const retryAfter = (waitMs: number) => String(Math.max(1, Math.ceil(waitMs / 1000)));

/** Whether another code may be texted to the phone for this client now; the refusal when not. */
export function sendRefusal(sends: Stamp[], client: string, now: Date): Refusal | undefined {
  const own = sends.filter((send) => send.client === client);
  const last = Math.max(0, ...sends.map((send) => send.at.getTime()));
  const today = (wait: number) => ({
    waitMs: wait,
    message: `Too many codes were sent to this phone today. Try again in ${inWords(wait)} or ask your clinic for help.`,
  });
  const cooldown = last + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
  const window = windowWait(own, OTP_MAX_SENDS_PER_WINDOW, OTP_SEND_WINDOW_MINUTES * MINUTE_MS, now);
  return longest([
    {
      waitMs: cooldown,
      message: `A code was sent to this phone a moment ago. Ask for a new one in ${inWords(cooldown)}.`,
    },
    {
      waitMs: window,
      message: `You asked for ${OTP_MAX_SENDS_PER_WINDOW} codes for this phone in ${OTP_SEND_WINDOW_MINUTES} minutes. Ask for a new one in ${inWords(window)}.`,
    },
    today(windowWait(own, OTP_MAX_SENDS_PER_CLIENT_PER_DAY, DAY_MS, now)),
    today(windowWait(sends, OTP_MAX_SENDS_PER_PHONE_PER_DAY, DAY_MS, now)),
  ]);
}

const tooManyWrong = (wait: number) =>
  `Too many wrong codes were entered for this phone. Try again in ${inWords(wait)} or ask your clinic for help.`;

/** Whether this client may try a code for the phone now: wrong codes of the last day, per phone and client. */
export function verifyRefusal(failures: Stamp[], client: string, now: Date): Refusal | undefined {
  const own = failures.filter((failure) => failure.client === client);
  return longest(
    [
      windowWait(own, OTP_MAX_FAILURES_PER_CLIENT_PER_DAY, DAY_MS, now),
      windowWait(failures, OTP_MAX_FAILURES_PER_PHONE_PER_DAY, DAY_MS, now),
    ].map((wait) => ({ waitMs: wait, message: tooManyWrong(wait) })),
  );
}

/**
 * The answer to a wrong code, counted already (in the code's attempts and the failures): how many tries are left,
 * the least of the code's, the client's and the phone's.
 */
export function wrongCodeMessage(attempts: number, failures: Stamp[], client: string, now: Date) {
  const recent = failures.filter((failure) => failure.at.getTime() > now.getTime() - DAY_MS);
  const left = Math.min(
    OTP_MAX_ATTEMPTS - attempts,
    OTP_MAX_FAILURES_PER_CLIENT_PER_DAY - recent.filter((failure) => failure.client === client).length,
    OTP_MAX_FAILURES_PER_PHONE_PER_DAY - recent.length,
  );
  if (left > 0) return `The code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
  const refusal = verifyRefusal(failures, client, now);
  return refusal ? `The code is not right. ${refusal.message}` : 'Too many wrong codes. Ask for a new one.';
}
