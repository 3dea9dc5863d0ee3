/**
 * A patient's call status (decision 0901): whether a live call is logged in the clinic's
 * current calendar month, and the reminder of the month's last days. Pure: the API gives the clinic's calendar day.
 * Apart from the chat freshness so the chat list can carry it too.
 */
import { z } from 'zod';
import { lastDayOfMonth } from './calendar.ts';

/** A live call (phone or video) is logged in the clinic's current calendar month. */
export const CALL_OK = 'CALL_OK';
/** No live call is logged this month yet. */
export const CALL_NOK = 'CALL_NOK';
/** Days at the end of a month without a call in which the patient shows a call reminder (the last day included). */
export const CALL_REMINDER_PERIOD = 7;

export const callStatusSchema = z.object({
  status: z.enum([CALL_OK, CALL_NOK]),
  /**
   * CALL_NOK for a patient who can bill RTM (decision 1240): the management codes need the call. A patient not
   * covered for RTM or without consent on file bills nothing, so no call is asked for.
   */
  is_needed: z.boolean(),
  /** A needed call in the month's last CALL_REMINDER_PERIOD days: the patient shows a call reminder. */
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
 * Whether a patient's RTM can bill at all: covered by the payer and consented (decision 0800). The RTM work — calls
 * needed, call reminders, minutes and codes on the dashboard — concerns only these patients (decision 1240); the
 * patient list's `billable` filter and `call=needed` say the same in SQL.
 */
export const canBillRtm = (patient: { isCovered: boolean; hasConsent: boolean }) =>
  patient.isCovered && patient.hasConsent;

/**
 * The call status on `today`, the clinic's calendar day, from the days of the patient's live calls (deleted calls
 * left out by the caller). Only a call dated in today's month counts; a call is needed only where RTM can bill.
 */
export function callStatusOf(callDays: readonly string[], today: string, canBill: boolean): CallStatus {
  const month = today.slice(0, 7);
  const hasCall = callDays.some((day) => day.slice(0, 7) === month);
  const isNeeded = !hasCall && canBill;
  return {
    status: hasCall ? CALL_OK : CALL_NOK,
    is_needed: isNeeded,
    needs_reminder: isNeeded && today >= reminderPeriodStart(today),
  };
}
