/**
 * A patient's call status and chat freshness (decision 0901), for the patient list, the
 * patient dashboard's header and the chat list. Pure: the API gives the clinic's calendar day and the instant now.
 */
import { z } from 'zod';
import { callStatusSchema } from './call-status.ts';
import { chatFreshness, chatFreshnessSchema } from './chat.ts';

/** CHAT_RECENT, CHAT_OUTDATED, or null between the two (a message 5 to 30 days ago). */
export type ChatFreshness = z.infer<typeof chatFreshnessSchema>;

/**
 * The chat freshness at `now` from the patient's last message: CHAT_RECENT within CHAT_RECENT_DAYS (5), CHAT_OUTDATED
 * after CHAT_OUTDATED_DAYS (30) without one, counted from the start of the patient's care (the current episode) when
 * that came later: a patient onboarded today is not quiet (decision 0901).
 */
export const chatFreshnessOf = (
  lastPatientMessageAt: Date | null,
  now: Date,
  inCareSince: Date | null,
): ChatFreshness => chatFreshness(lastPatientMessageAt, now, inCareSince ?? undefined);

/** The list filters of call status and chat freshness: `call=needed` is CALL_NOK, `chat=outdated` CHAT_OUTDATED. */
export const callListFilters = ['needed'] as const;
export const chatListFilters = ['outdated'] as const;
/**
 * `yes`: patients whose RTM can bill (covered and consented); `no`: those who bill nothing, shown apart on the
 * dashboard (decision 1240).
 */
export const billableListFilters = ['yes', 'no'] as const;
/** `quiet`: onboarded patients without a data day for NO_DATA_DAYS (counted from onboarding when none yet). */
export const dataListFilters = ['quiet'] as const;
/** Days without a data day before a patient counts as quiet: the "no data" banner, task and list filter. */
export const NO_DATA_DAYS = 7;

/** Both, for an onboarded patient; null for anyone else (nothing to call about). */
export const patientContactStatusSchema = z.object({
  call_status: callStatusSchema.nullable(),
  chat_freshness: chatFreshnessSchema,
});
