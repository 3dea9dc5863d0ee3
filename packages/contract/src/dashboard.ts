/**
 * The therapist dashboard (`/dashboard`, decisions 0903 and 0910): what needs doing this month
 * among a therapist's patients in monitoring, as counts read in one call. Each count is a patient-list filter, so
 * every figure links to the patients behind it.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';

export const dashboardQuerySchema = z.object({
  /**
   * Whose patients: a treating therapist of the clinic. Without it, the caller's own patients when the caller
   * treats patients (therapists, supervisors), the whole clinic otherwise (office managers).
   */
  therapist_id: z.optional(idSchema),
  /** `clinic`: every patient of the clinic, for those who treat patients too (supervisors); `therapist_id` wins. */
  scope: z.enum(['mine', 'clinic']).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardSchema = z.object({
  /** The clinic's calendar day the figures are of. */
  today: z.string(),
  /** The therapist whose patients are counted; null: every patient of the clinic. */
  therapist: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  /** Onboarded patients (in monitoring) today. */
  patients_in_monitoring: z.number().int(),
  /**
   * The minutes this calendar month of those who can bill RTM (`billable=yes`; all staff's monitored time and calls,
   * floored per patient, as billing): the sum of the minutes their list shows (decision 1240).
   */
  minutes_this_month: z.number().int(),
  /** Of them, those who can bill RTM (`billable=yes`): covered and consented. */
  billable: z.number().int(),
  /** Of them, those who bill nothing (`billable=no`): not covered for RTM or without consent, shown apart. */
  not_billable: z.number().int(),
  /** Of those who can bill, without a live call this month (`call=needed`). */
  needs_call: z.number().int(),
  /** Today is in the month's last CALL_REMINDER_PERIOD days: the calls are due now. */
  is_call_reminder_period: z.boolean(),
  /** Of them, without a data day for NO_DATA_DAYS (`data=quiet`). */
  no_data: z.number().int(),
  /** Of them, close to an RTM threshold this month (`rtm=close`). */
  close_to_threshold: z.number().int(),
  /** Of them, with a code met now whose date of service is this month (`rtm=ready`, decision 1241). */
  ready_to_bill: z.number().int(),
  /** The caller's open tasks: the new tasks of the tasks panel's default view (their own, or the clinic's). */
  open_tasks: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardEndpoints = defineEndpoints('dashboard', {
  /** The figures of the therapist dashboard, for one therapist's patients or the clinic's. */
  read: {
    method: 'GET',
    path: '/api/v1/dashboard/',
    access: 'dashboard.read',
    audit: { read: 'dashboard.read' },
    query: dashboardQuerySchema,
    status: 200,
    response: dashboardSchema,
  },
});
