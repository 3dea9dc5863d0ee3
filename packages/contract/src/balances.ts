/**
 * Staff balances (issue #17): per staff member and month, the monitored time and logged live calls, the patients
 * they were on, the minutes that are payable (patients with a live call that month) and not, and the pay at the
 * clinic's hourly monitoring rate. The minutes are the monitored-time module's (decision 0701); money is in US
 * dollars, rounded to cents.
 */
import { z } from 'zod';
import { clinicChoiceSchema } from './billing.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';
import { rtmMonthSchema } from './monitoring.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { roleSchema } from './roles.ts';

/** Which month (`YYYY-MM`, from 2025-01, never ahead of the clinic's today) and, for an admin, which clinic. */
export const balancesMonthQuerySchema = clinicChoiceSchema.extend({ month: rtmMonthSchema });
export const balancesQuerySchema = z.object({ ...pageQuerySchema.shape, ...balancesMonthQuerySchema.shape });
export type BalancesQuery = z.infer<typeof balancesQuerySchema>;

/** The figures of one staff member's month, or of the clinic's (the totals). */
const balanceFiguresSchema = z.object({
  /** The monitored sessions' counted seconds. */
  monitored_seconds: z.number().int(),
  /** Live calls (phone or video) logged. */
  calls: z.number().int(),
  call_minutes: z.number().int(),
  /** Patients with a session or a call of theirs; in the totals each patient once. */
  patients: z.number().int(),
  /** Minutes on patients with a live call in the month (whoever logged it), floored once. */
  payable_minutes: z.number().int(),
  /** Minutes on patients without a live call in the month, floored once: shown apart, never paid. */
  not_payable_minutes: z.number().int(),
  /** Payable minutes at the hourly rate; null while the clinic has not set its rate. */
  pay: z.number().nullable(),
});
export type BalanceFigures = z.infer<typeof balanceFiguresSchema>;

/** One staff member's month; `staff` is null for calls whose logging account no longer exists. */
export const staffBalanceSchema = balanceFiguresSchema.extend({
  staff: z.object({ id: z.number().int(), display_name: z.string(), role: roleSchema }).nullable(),
});
export type StaffBalance = z.infer<typeof staffBalanceSchema>;

export const balancesSchema = z.object({
  ...paginated(staffBalanceSchema).shape,
  month: z.string(),
  timezone: z.string(),
  /** The month has not ended yet in the clinic: its figures are the data so far. */
  is_provisional: z.boolean(),
  /** The clinic's hourly monitoring rate in dollars, null while not set. */
  hourly_rate: z.number().nullable(),
  /** Over every row, not only the page's; a therapist's are their own row's. */
  totals: balanceFiguresSchema,
});
export type Balances = z.infer<typeof balancesSchema>;

export const balancesEndpoints = defineEndpoints('balances', {
  /** A month's balances: the clinic's staff (a therapist: their own row), paginated, with the totals. */
  read: {
    method: 'GET',
    path: '/api/v1/clinic/balances/',
    access: 'balances.read',
    audit: { read: 'balances.read' },
    query: balancesQuerySchema,
    status: 200,
    response: balancesSchema,
  },
  /** The same month as a CSV: every row the caller may see, then the totals. */
  export: {
    method: 'GET',
    path: '/api/v1/clinic/balances/export',
    access: 'balances.read',
    audit: { read: 'balances.export' },
    query: balancesMonthQuerySchema,
    status: 200,
    file: 'csv',
    response: fileResponseSchema,
  },
});
