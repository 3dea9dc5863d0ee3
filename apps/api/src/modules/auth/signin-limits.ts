import { inWords, longest, type Refusal, windowWait } from '../../lib/waits.ts';

/**
 * The sign-in limits of decision 1295, as pure rules over an account key's failed sign-ins. Each rule costs the
 * guesser more than the owner: a pair of account and address slows down only itself, an address only itself, and
 * the account-wide rule only addresses the account has never signed in from, and for a minute at most.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Failures of one account from one address before each next try waits; the wait then doubles per failure. */
const PAIR_FREE_FAILURES = 3;
const PAIR_FIRST_WAIT_MS = 30 * SECOND_MS;
const PAIR_MAX_WAIT_MS = HOUR_MS;
/** Failed sign-ins one address may make in an hour, to any accounts together. */
const CLIENT_MAX_FAILURES_PER_HOUR = 20;
/** Failures of one account in an hour, from all addresses, before unfamiliar addresses wait between tries. */
const ACCOUNT_FREE_FAILURES_PER_HOUR = 10;
const ACCOUNT_FIRST_WAIT_MS = SECOND_MS;
const ACCOUNT_MAX_WAIT_MS = MINUTE_MS;
/** An address the account signed in from this recently is familiar: the account-wide wait spares it. */
export const FAMILIAR_DAYS = 90;

/** Doubling from `first` per failure past `free`, up to `max`; none before. */
const backoff = (failures: number, free: number, first: number, max: number) =>
  failures < free ? 0 : Math.min(first * 2 ** (failures - free), max);

export type Failure = { at: Date; client: string | null };

const lastOf = (failures: Failure[]) => Math.max(0, ...failures.map((failure) => failure.at.getTime()));

/** The wait of one address after its failures for one account (those of the last day, since it last got in). */
export function pairWait(own: Failure[], now: Date) {
  const wait = backoff(own.length, PAIR_FREE_FAILURES, PAIR_FIRST_WAIT_MS, PAIR_MAX_WAIT_MS);
  return wait && lastOf(own) + wait - now.getTime();
}

/** The wait of an unfamiliar address after the account's failures of the last hour from everywhere. */
export function accountWait(failures: Failure[], now: Date) {
  const recent = failures.filter((failure) => failure.at.getTime() > now.getTime() - HOUR_MS);
  const wait = backoff(recent.length, ACCOUNT_FREE_FAILURES_PER_HOUR, ACCOUNT_FIRST_WAIT_MS, ACCOUNT_MAX_WAIT_MS);
  return wait && lastOf(recent) + wait - now.getTime();
}

/**
 * Whether this address may try the account now; the refusal when not. `failures` are the account's of the last
 * day, `clientFailures` the times of the address's failures of the last hour to any account.
 */
export function signinRefusal(
  about: { failures: Failure[]; clientFailures: Date[]; client: string; familiar: boolean },
  now: Date,
): Refusal | undefined {
  const pair = pairWait(
    about.failures.filter((failure) => failure.client === about.client),
    now,
  );
  const client = windowWait(about.clientFailures, CLIENT_MAX_FAILURES_PER_HOUR, HOUR_MS, now);
  const account = about.familiar ? 0 : accountWait(about.failures, now);
  return longest([
    {
      waitMs: pair,
      message: `Too many failed sign-ins to this account from your network. Try again in ${inWords(pair)} or reset the password.`,
    },
    {
      waitMs: client,
      message: `Too many failed sign-ins from your network. Try again in ${inWords(client)}.`,
    },
    {
      waitMs: account,
      message: `This account had many failed sign-ins from elsewhere, so new devices must wait between tries. Try again in ${inWords(account)}.`,
    },
  ]);
}
