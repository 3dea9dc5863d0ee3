import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_FAILURES_PER_CLIENT_PER_DAY,
  OTP_MAX_FOREIGN_ATTEMPTS,
  OTP_MAX_SENDS_PER_CLIENT_PER_DAY,
  OTP_MAX_SENDS_PER_PHONE_PER_WINDOW,
  OTP_MAX_SENDS_PER_WINDOW,
  OTP_PHONE_SEND_WINDOW_MINUTES,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SEND_WINDOW_MINUTES,
} from '@rehabit/contract';
import { inWords, longest, type Refusal, windowWait } from '../../lib/waits.ts';

/**
 * The phone-code limits of decisions 0504 and 1295, as pure rules over what was sent and failed in the last day.
 * Only the limits per client may last longer than minutes, and they cost only that client's address.
 */

export const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

type Stamp = { at: Date; client: string | null };
const times = (stamps: Stamp[]) => stamps.map((stamp) => stamp.at);

/** Whether another code may be texted to the phone for this client now; the refusal when not. */
export function sendRefusal(sends: Stamp[], client: string, now: Date): Refusal | undefined {
  const own = times(sends.filter((send) => send.client === client));
  const last = Math.max(0, ...sends.map((send) => send.at.getTime()));
  const cooldown = last + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
  const window = windowWait(own, OTP_MAX_SENDS_PER_WINDOW, OTP_SEND_WINDOW_MINUTES * MINUTE_MS, now);
  const day = windowWait(own, OTP_MAX_SENDS_PER_CLIENT_PER_DAY, DAY_MS, now);
  const phone = windowWait(
    times(sends),
    OTP_MAX_SENDS_PER_PHONE_PER_WINDOW,
    OTP_PHONE_SEND_WINDOW_MINUTES * MINUTE_MS,
    now,
  );
  return longest([
    {
      waitMs: cooldown,
      message: `A code was sent to this phone a moment ago. Enter the newest code you received, or ask for a new one in ${inWords(cooldown)}.`,
    },
    {
      waitMs: phone,
      message: `Several codes were sent to this phone in the last ${OTP_PHONE_SEND_WINDOW_MINUTES} minutes. Enter the newest code you received, or ask for a new one in ${inWords(phone)}.`,
    },
    {
      waitMs: window,
      message: `You asked for ${OTP_MAX_SENDS_PER_WINDOW} codes for this phone in ${OTP_SEND_WINDOW_MINUTES} minutes. Ask for a new one in ${inWords(window)}.`,
    },
    {
      waitMs: day,
      message: `You asked for ${OTP_MAX_SENDS_PER_CLIENT_PER_DAY} codes for this phone today. Try again in ${inWords(day)} or ask your clinic for help.`,
    },
  ]);
}

/** Whether this client may try a code for the phone now: its own wrong codes of the last day. */
export function verifyRefusal(failures: Stamp[], client: string, now: Date): Refusal | undefined {
  const own = times(failures.filter((failure) => failure.client === client));
  const wait = windowWait(own, OTP_MAX_FAILURES_PER_CLIENT_PER_DAY, DAY_MS, now);
  return longest([
    {
      waitMs: wait,
      message: `Too many wrong codes were entered for this phone from your network. Try again in ${inWords(wait)} or ask your clinic for help.`,
    },
  ]);
}

type Code = { attempts: number; foreignAttempts: number; client: string | null };

/**
 * The wrong tries the code still allows this client: its own client has all the code's tries left, anyone else at
 * most the code's few foreign ones, so others cannot use up a patient's code.
 */
export function triesLeft(code: Code, client: string) {
  const left = OTP_MAX_ATTEMPTS - code.attempts;
  return code.client === client ? left : Math.min(left, OTP_MAX_FOREIGN_ATTEMPTS - code.foreignAttempts);
}

/** The answer to a code that allows this client no more tries: it is dead, and a new one must be sent. */
export const usedUpMessage = (waitMs: number) =>
  `This code has had too many wrong tries and no longer works. Ask for a new code${waitMs > 0 ? ` in ${inWords(waitMs)}` : ''}.`;

/**
 * The answer to a wrong code, counted already (in the code and the failures): how many tries are left, the fewer of
 * the code's and the client's; when none, why.
 */
export function wrongCodeMessage(code: Code, failures: Stamp[], client: string, now: Date) {
  const recent = failures.filter(
    (failure) => failure.client === client && failure.at.getTime() > now.getTime() - DAY_MS,
  );
  const codeLeft = triesLeft(code, client);
  const left = Math.min(codeLeft, OTP_MAX_FAILURES_PER_CLIENT_PER_DAY - recent.length);
  if (left > 0) return `The code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
  const refusal = verifyRefusal(failures, client, now);
  if (codeLeft > 0 && refusal) return `The code is not right. ${refusal.message}`;
  return 'The code is not right, and it has had too many wrong tries: it no longer works. Ask for a new code.';
}
