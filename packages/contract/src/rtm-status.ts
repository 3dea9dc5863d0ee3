/**
 * A patient's RTM status for the patient list and the dashboard (decision 0803): how close the patient is to each
 * billing threshold today, read from `billingProgress` of the billing rules, so the list, the dashboard and the
 * billing screen never disagree. Pure: the API gives it the clinic's calendar day.
 */
import { z } from 'zod';
import { type BillingInput, type BillingProgress, billingCodes, billingProgress } from './billing-rules.ts';
import { lastDayOfMonth } from './calendar.ts';
import { idParamsSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';

/** Why a patient bills nothing, whatever the data: the payer does not cover RTM, or no consent is on file. */
export const rtmNotBillableReasons = ['not_covered', 'no_consent'] as const;

/**
 * A code as coaching names it (decision 1241): met now, or the next one of its kind, with the day it bills and what
 * it still needs. Device codes (and set-up) bill on the 30-day window's last day, management codes on the month's.
 */
export const rtmCodeSchema = z.object({
  code: z.enum(billingCodes),
  kind: z.enum(['device', 'management']),
  /** Its date of service: the window's last day, or the calendar month's; its month is the billing month. */
  date_of_service: z.string(),
  /** The date of service is in today's month: it goes into this month's billing file. */
  bills_this_month: z.boolean(),
  /** Its threshold is met now, the live call included; a running window or month may still change it. */
  is_met: z.boolean(),
  /** Data days still needed in the window (device codes), minutes still needed this month (management codes). */
  data_days_needed: z.number().int(),
  minutes_needed: z.number().int(),
  /** A management code without a live call logged this month. */
  needs_live_call: z.boolean(),
  /** The met code of the same kind this one would bill instead of (98977 instead of 98985, 98980 instead of 98979). */
  instead_of: z.enum(billingCodes).nullable(),
});
export type RtmCode = z.infer<typeof rtmCodeSchema>;

export const rtmStatusSchema = z.object({
  /** The current 30-day window, while the patient is onboarded today. */
  window: z
    .object({
      start: z.string(),
      end: z.string(),
      data_days: z.number().int(),
      /** The next data-day threshold of the window's rules not met yet; the highest when all are met. */
      data_days_goal: z.number().int(),
      /** Days from today to the window's end, today included (a day without data yet can still become one). */
      days_left: z.number().int(),
    })
    .nullable(),
  /** Minutes this calendar month (all staff's monitored time and calls, floored once). */
  minutes: z.number().int(),
  /** The next management threshold this month not met yet: 10 (from 2026), 20, then each further 20 (98981). */
  minutes_goal: z.number().int(),
  /** No live call is logged this month, and the management codes need one. */
  needs_call: z.boolean(),
  /**
   * A code is met now whose date of service is in this month: a device code whose window ends this month, or
   * management minutes with the call. A code met in a window ending next month is not (decision 1241).
   */
  is_ready_to_bill: z.boolean(),
  /** Close to a threshold this month; see `RTM_CLOSE` for the exact rule. */
  is_close: z.boolean(),
  /** Covered and consented; otherwise `not_billable` says why and nothing else counts. */
  is_billable: z.boolean(),
  not_billable: z.array(z.enum(rtmNotBillableReasons)),
  /**
   * Coaching (decision 1241), for a billable patient: per kind, the code met now and the next one not met yet, each
   * with when it bills and what is missing. Device codes only while a window runs; empty when nothing can bill.
   */
  codes: z.array(rtmCodeSchema),
});
export type RtmStatus = z.infer<typeof rtmStatusSchema>;

/**
 * "Close to a threshold this month", for an onboarded, covered and consented patient, when any of:
 * - the window's next data-day threshold is at most `dataDays` data days away, and they still fit in its days left;
 * - the month's next minutes threshold is at most `minutes` minutes away;
 * - the minutes of a management code are there but no live call is logged this month.
 */
export const RTM_CLOSE = { dataDays: 3, minutes: 5 } as const;

/** The list filters on the RTM status: `close` is "close to a threshold this month", `ready` is "ready to bill". */
export const rtmListFilters = ['close', 'ready'] as const;
export type RtmListFilter = (typeof rtmListFilters)[number];

const isManagement = (t: BillingProgress['next'][number]) => t.minutesNeeded !== undefined;
const isDataDays = (t: BillingProgress['next'][number]) => t.dataDaysNeeded !== undefined;

/**
 * The data-day thresholds of today's window, lowest first: what each code needs in a window with no data yet, so
 * they come from the rules themselves (2025: 16; 2026: 2, 16).
 */
function dataDayThresholds(input: BillingInput, today: string): number[] {
  const empty = billingProgress({ ...input, dataEvents: [] }, today);
  const thresholds = empty.next.filter(isDataDays).map((t) => t.dataDaysNeeded as number);
  return [...new Set(thresholds)].sort((a, b) => a - b);
}

type Threshold = BillingProgress['next'][number];
/** 98981's first unit: 98980's 20 minutes and 20 more. */
const ADD_ON_FROM = 40;

/**
 * The codes coaching names: of each kind, the highest met now and the lowest not met yet (98981's next 20 minutes
 * once 98980 is met). Tiers of a kind exclude each other (98985 or 98977, 98979 or 98980), so the next one of a kind
 * with a met one bills instead of it. Set-up (98975) is not named: whether an earlier window billed it is history a
 * status does not read (decision 0903), and it only ever bills beside its window's device code.
 */
function coachedCodes(progress: BillingProgress, today: string): RtmCode[] {
  const codes: RtmCode[] = [];
  const entry = (t: Threshold, kind: RtmCode['kind'], dateOfService: string, met: RtmCode | undefined): RtmCode => ({
    code: t.code,
    kind,
    date_of_service: dateOfService,
    bills_this_month: dateOfService.slice(0, 7) === today.slice(0, 7),
    is_met: (t.dataDaysNeeded ?? 0) === 0 && (t.minutesNeeded ?? 0) === 0 && !t.needsLiveCall,
    data_days_needed: t.dataDaysNeeded ?? 0,
    minutes_needed: t.minutesNeeded ?? 0,
    needs_live_call: t.needsLiveCall ?? false,
    // "Instead of" a code only once that code bills: minutes reached without a live call bill nothing yet.
    instead_of: met?.is_met && t.code !== '98981' ? met.code : null,
  });

  if (progress.window) {
    const end = progress.window.end;
    const tiers = progress.next.filter((t) => isDataDays(t) && t.code !== '98975');
    const metTier = tiers.filter((t) => t.dataDaysNeeded === 0).at(-1);
    const met = metTier && entry(metTier, 'device', end, undefined);
    if (met) codes.push(met);
    const nextTier = tiers.find((t) => (t.dataDaysNeeded as number) > 0);
    if (nextTier) codes.push(entry(nextTier, 'device', end, met));
  }

  const monthEnd = lastDayOfMonth(today.slice(0, 7));
  const management = progress.next.filter(isManagement);
  const tiers = management.filter((t) => t.code !== '98981');
  const reached = tiers.filter((t) => t.minutesNeeded === 0).at(-1);
  const met = reached && entry(reached, 'management', monthEnd, undefined);
  if (met) codes.push(met);
  // 98981's units come with 98980 past its first 20 minutes, as the billing file adds them.
  if (met?.code === '98980' && progress.minutes >= ADD_ON_FROM) codes.push({ ...met, code: '98981' });
  // After the highest tier, each further 20 minutes is 98981's: the next threshold is always there.
  const nextTier = tiers.find((t) => (t.minutesNeeded as number) > 0) ?? management.find((t) => t.code === '98981');
  if (nextTier) codes.push(entry(nextTier, 'management', monthEnd, met));
  return codes;
}

/** A patient's RTM status on `today`, the clinic's calendar day. */
export function rtmStatusOf(input: BillingInput, today: string): RtmStatus {
  const progress = billingProgress(input, today);
  const notBillable: RtmStatus['not_billable'] = [];
  if (!input.isCovered) notBillable.push('not_covered');
  if (!input.hasConsent) notBillable.push('no_consent');
  const isBillable = notBillable.length === 0;

  let window: RtmStatus['window'] = null;
  if (progress.window) {
    const thresholds = dataDayThresholds(input, today);
    const dataDays = progress.window.dataDays;
    const goal = thresholds.find((t) => dataDays < t) ?? (thresholds.at(-1) as number);
    const { start, end, daysLeft } = progress.window;
    window = { start, end, data_days: dataDays, data_days_goal: goal, days_left: daysLeft };
  }

  const management = progress.next.filter(isManagement);
  // 98981 always has a next threshold ahead, so there is always one.
  const minutesGoal = Math.min(
    ...management.filter((t) => (t.minutesNeeded as number) > 0).map((t) => progress.minutes + (t.minutesNeeded ?? 0)),
  );
  const minutesMet = management.some((t) => t.minutesNeeded === 0);
  const codes = isBillable ? coachedCodes(progress, today) : [];
  // Only an onboarded patient can still gain data days, minutes or a call that count.
  const isOpen = isBillable && window !== null;

  const dataDaysShort = window ? window.data_days_goal - window.data_days : 0;
  const isCloseOnDataDays =
    window !== null && dataDaysShort > 0 && dataDaysShort <= RTM_CLOSE.dataDays && dataDaysShort <= window.days_left;
  const isCloseOnMinutes = minutesGoal - progress.minutes <= RTM_CLOSE.minutes;
  const isCallMissing = minutesMet && !progress.hasLiveCall;

  return {
    window,
    minutes: progress.minutes,
    minutes_goal: minutesGoal,
    needs_call: isOpen && !progress.hasLiveCall,
    is_ready_to_bill: codes.some((c) => c.is_met && c.bills_this_month),
    is_close: isOpen && (isCloseOnDataDays || isCloseOnMinutes || isCallMissing),
    is_billable: isBillable,
    not_billable: notBillable,
    codes,
  };
}

export type RtmStatusLabel = {
  kind: 'data_days' | 'minutes' | 'call_needed' | 'ready' | 'bills_later' | 'close' | 'not_billable';
  text: string;
};

const notBillableTexts: Record<RtmStatus['not_billable'][number], string> = {
  not_covered: 'not covered',
  no_consent: 'no consent',
};

const daysLeftText = (days: number) => (days === 1 ? '1 day left' : `${days} days left`);

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-12-20` as `Dec 20`: a date of service is never more than a month away, so the year goes without saying. */
export const shortDay = (day: string) => `${monthNames[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** The met codes, by whether they bill this month or later (then on which days). */
function metCodes(status: RtmStatus) {
  const met = status.codes.filter((c) => c.is_met);
  const later = met.filter((c) => !c.bills_this_month);
  return {
    now: met.filter((c) => c.bills_this_month).map((c) => c.code),
    later: [...new Set(later.map((c) => c.date_of_service))].map((day) => ({
      day,
      codes: later.filter((c) => c.date_of_service === day).map((c) => c.code),
    })),
  };
}

/**
 * The status as short texts: `14 of 16 data days, 9 days left`, `17 of 20 min`, `call needed`,
 * `ready to bill: 98985` (its date of service is this month), `98985 met, bills Dec 20` (a window ending next month),
 * `close to a threshold`; or only why the patient is not billable.
 */
export function rtmStatusLabels(status: RtmStatus): RtmStatusLabel[] {
  if (!status.is_billable) {
    return status.not_billable.map((reason) => ({ kind: 'not_billable', text: notBillableTexts[reason] }));
  }
  const labels: RtmStatusLabel[] = [];
  const { window } = status;
  if (window) {
    const days =
      window.data_days > window.data_days_goal
        ? `${window.data_days} data days`
        : `${window.data_days} of ${window.data_days_goal} data days`;
    labels.push({ kind: 'data_days', text: `${days}, ${daysLeftText(window.days_left)}` });
  }
  labels.push({ kind: 'minutes', text: `${status.minutes} of ${status.minutes_goal} min` });
  if (status.needs_call) labels.push({ kind: 'call_needed', text: 'call needed' });
  const met = metCodes(status);
  if (met.now.length > 0) labels.push({ kind: 'ready', text: `ready to bill: ${met.now.join(', ')}` });
  for (const { day, codes } of met.later) {
    const verb = codes.length === 1 ? 'bills' : 'bill';
    labels.push({ kind: 'bills_later', text: `${codes.join(', ')} met, ${verb} ${shortDay(day)}` });
  }
  if (status.is_close) labels.push({ kind: 'close', text: 'close to a threshold' });
  return labels;
}

export type RtmCodeLine = { code: RtmCode['code']; kind: 'ready' | 'later' | 'missing'; text: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a code not met yet still needs, in words: `5 more min and a live call`. */
function missingText(code: RtmCode): string {
  const parts = [];
  if (code.data_days_needed > 0) parts.push(`${plural(code.data_days_needed, 'more data day', 'more data days')}`);
  if (code.minutes_needed > 0) parts.push(`${code.minutes_needed} more min`);
  if (code.needs_live_call) parts.push('a live call');
  return parts.join(' and ');
}

/**
 * Coaching for the patient's dashboard (decision 1241), a line a code: which code becomes billable, when — this
 * month, or at the window's end on a later day — and what it still needs by then.
 * - `98985: met, bills at the window's end, Dec 20`
 * - `98980: met, bills this month (Nov 30)`
 * - `98977 instead of 98985: 9 more data days by Dec 20, the window's end`
 * - `98979: 5 more min and a live call by Nov 30`
 */
export function rtmCodeLines(status: RtmStatus): RtmCodeLine[] {
  const daysLeft = status.window?.days_left ?? 0;
  return status.codes.map((code) => {
    const name = code.instead_of ? `${code.code} instead of ${code.instead_of}` : code.code;
    const day = shortDay(code.date_of_service);
    const end = code.kind === 'device' ? "the window's end" : "the month's end";
    if (code.is_met) {
      return code.bills_this_month
        ? { code: code.code, kind: 'ready', text: `${name}: met, bills this month (${day})` }
        : { code: code.code, kind: 'later', text: `${name}: met, bills at ${end}, ${day}` };
    }
    if (code.data_days_needed > daysLeft && code.kind === 'device') {
      const text = `${name}: out of reach in this window (${missingText(code)}, ${daysLeftText(daysLeft)})`;
      return { code: code.code, kind: 'missing', text };
    }
    return { code: code.code, kind: 'missing', text: `${name}: ${missingText(code)} by ${day}, ${end}` };
  });
}

/** A patient's status (null without an episode this month) and the clinic's day it was read on. */
export const rtmStatusAnswerSchema = z.object({ today: z.string(), rtm: rtmStatusSchema.nullable() });
export type RtmStatusAnswer = z.infer<typeof rtmStatusAnswerSchema>;

export const rtmStatusEndpoints = defineEndpoints('patients', {
  /** One patient's RTM status today (the clinic's day), for the dashboard. */
  patient: {
    method: 'GET',
    path: '/api/v1/patients/:id/rtm-status/',
    access: 'patients.read',
    audit: { read: 'rtm_status.read' },
    params: idParamsSchema,
    status: 200,
    response: rtmStatusAnswerSchema,
  },
});
