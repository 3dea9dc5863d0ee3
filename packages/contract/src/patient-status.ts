/**
 * A patient's call status and chat freshness (product decisions §6, decision 0901), for the patient list, the
 * patient dashboard's header and the chat list. Pure: the API gives the clinic's calendar day and the instant now.
 */
import { z } from 'zod';
import { lastDayOfMonth } from './calendar.ts';
import { chatFreshness, chatFreshnessSchema } from './chat.ts';

/** A live call (phone or video) is logged in the clinic's current calendar month. */
export const CALL_OK = 'CALL_OK';
/** No live call is logged this month yet. */
export const CALL_NOK = 'CALL_NOK';
/** Days at the end of a month without a call in which the patient shows a call reminder (the last day included). */
export const CALL_REMINDER_PERIOD = 7;

export const callStatusSchema = z.object({
  status: z.enum([CALL_OK, CALL_NOK]),
  /** CALL_NOK in the month's last CALL_REMINDER_PERIOD days: the patient shows a call reminder. */
  needs_reminder: z.boolean(),
});
export type CallStatus = z.infer<typeof callStatusSchema>;

/** The first day of the reminder period of the month holding `today` (`YYYY-MM-DD`). */
export function reminderPeriodStart(today: string): string {
  const last = lastDayOfMonth(today.slice(0, 7));
  const day = Number(last.slice(8)) - CALL_REMINDER_PERIOD + 1;
  return `${last.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/**
 * The call status on `today`, the clinic's calendar day, from the days of the patient's live calls (deleted calls
 * left out by the caller). Only a call dated in today's month counts.
 */
export function callStatusOf(callDays: readonly string[], today: string): CallStatus {
  const month = today.slice(0, 7);
  const hasCall = callDays.some((day) => day.slice(0, 7) === month);
  return {
    status: hasCall ? CALL_OK : CALL_NOK,
    needs_reminder: !hasCall && today >= reminderPeriodStart(today),
  };
}

/** CHAT_RECENT, CHAT_OUTDATED, or null between the two (a message 5 to 30 days ago). */
export type ChatFreshness = z.infer<typeof chatFreshnessSchema>;

/**
 * The chat freshness at `now` from the patient's last message: CHAT_RECENT within CHAT_RECENT_DAYS (5), CHAT_OUTDATED
 * after CHAT_OUTDATED_DAYS (30) without one. A patient who never wrote is CHAT_OUTDATED, as in the chat list: no
 * message in the last 30 days either (decision 0901).
 */
export const chatFreshnessOf = (lastPatientMessageAt: Date | null, now: Date): ChatFreshness =>
  chatFreshness(lastPatientMessageAt, now);

/** The list filters of call status and chat freshness: `call=needed` is CALL_NOK, `chat=outdated` CHAT_OUTDATED. */
export const callListFilters = ['needed'] as const;
export const chatListFilters = ['outdated'] as const;
/** `quiet`: onboarded patients without a data day for NO_DATA_DAYS (counted from onboarding when none yet). */
export const dataListFilters = ['quiet'] as const;
/** Days without a data day before a patient counts as quiet: the "no data" banner, task and list filter. */
export const NO_DATA_DAYS = 7;

/** Both, for an onboarded patient; null for anyone else (nothing to call about). */
export const patientContactStatusSchema = z.object({
  call_status: callStatusSchema.nullable(),
  chat_freshness: chatFreshnessSchema,
});
