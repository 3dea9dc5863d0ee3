/**
 * A patient's RTM status for the patient list and the dashboard (decision 0803): how close the patient is to each
 * billing threshold today, read from `billingProgress` of the billing rules, so the list, the dashboard and the
 * billing screen never disagree. Pure: the API gives it the clinic's calendar day.
 */
import { z } from 'zod';
import { type BillingInput, type BillingProgress, billingProgress } from './billing-rules.ts';
import { idParamsSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';

/** Why a patient bills nothing, whatever the data: the payer does not cover RTM, or no consent is on file. */
export const rtmNotBillableReasons = ['not_covered', 'no_consent'] as const;

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
  /** At least one code is met now: a device code in this window, or management minutes with the call. */
  is_ready_to_bill: z.boolean(),
  /** Close to a threshold this month; see `RTM_CLOSE` for the exact rule. */
  is_close: z.boolean(),
  /** Covered and consented; otherwise `not_billable` says why and nothing else counts. */
  is_billable: z.boolean(),
  not_billable: z.array(z.enum(rtmNotBillableReasons)),
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
  const deviceMet = window !== null && progress.next.some((t) => isDataDays(t) && t.dataDaysNeeded === 0);
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
    is_ready_to_bill: isBillable && (deviceMet || (minutesMet && progress.hasLiveCall)),
    is_close: isOpen && (isCloseOnDataDays || isCloseOnMinutes || isCallMissing),
    is_billable: isBillable,
    not_billable: notBillable,
  };
}

export type RtmStatusLabel = {
  kind: 'data_days' | 'minutes' | 'call_needed' | 'ready' | 'close' | 'not_billable';
  text: string;
};

const notBillableTexts: Record<RtmStatus['not_billable'][number], string> = {
  not_covered: 'not covered',
  no_consent: 'no consent',
};

const daysLeftText = (days: number) => (days === 1 ? '1 day left' : `${days} days left`);

/**
 * The status as short texts, in the words: `14 of 16 data days, 9 days left`, `17 of 20 min`,
 * `call needed`, `ready to bill`, `close to a threshold`; or only why the patient is not billable.
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
  if (status.is_ready_to_bill) labels.push({ kind: 'ready', text: 'ready to bill' });
  if (status.is_close) labels.push({ kind: 'close', text: 'close to a threshold' });
  return labels;
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
