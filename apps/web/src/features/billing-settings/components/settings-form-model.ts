import {
  type BillingRuleYear,
  type BillingSettings,
  type BillingSettingsChange,
  billingSettingsChangeSchema,
} from '@rehabit/contract';
import { ApiError, isApiError } from '@web/lib/api-error.ts';
import { z } from 'zod';

// The contract's own checks of each value, so the form refuses exactly what the server would.
const change = billingSettingsChangeSchema.shape;
const rateSchema = change.rates.unwrap().element.shape.rate;
const monitoringRateSchema = change.monitoring_rate.unwrap();
const npiSchema = change.staff.unwrap().element.shape.npi.unwrap();

/** Dollars as people write them: "$1,234.50" is read as 1234.5. */
const dollarsOfText = (text: string) => Number(text.replace(/^\$/, '').replaceAll(',', ''));

/**
 * The form holds every value as it is typed, in the order of the settings it was filled from: each rate as text
 * in dollars, each staff member's NPI as text (empty: none), the hourly monitoring rate as text (empty: not set).
 */
export const settingsFormSchema = z.object({
  timezone: change.timezone.unwrap(),
  monitoring_rate: z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : dollarsOfText(text)))
    .pipe(monitoringRateSchema),
  rates: z.array(
    z.object({
      rate: z.string().trim().min(1, { error: 'Enter a rate in dollars' }).transform(dollarsOfText).pipe(rateSchema),
    }),
  ),
  staff: z.array(
    z.object({
      npi: z
        .string()
        .trim()
        .transform((text) => (text === '' ? null : text))
        .pipe(npiSchema),
      is_assistant: z.boolean(),
    }),
  ),
});
export type SettingsFormInput = z.input<typeof settingsFormSchema>;
type SettingsFormOutput = z.output<typeof settingsFormSchema>;

export const toFormValues = (settings: BillingSettings): SettingsFormInput => ({
  timezone: settings.timezone,
  monitoring_rate: settings.monitoring_rate === null ? '' : settings.monitoring_rate.toFixed(2),
  rates: settings.rates.map((rate) => ({ rate: rate.rate.toFixed(2) })),
  staff: settings.staff.map((member) => ({ npi: member.npi ?? '', is_assistant: member.is_assistant })),
});

/** The form's fields by name, for the server's field errors. */
export const fieldNamesOf = (settings: BillingSettings) => [
  'timezone' as const,
  'monitoring_rate' as const,
  ...settings.rates.map((_, index) => `rates.${index}.rate` as const),
  ...settings.staff.map((_, index) => `staff.${index}.npi` as const),
];

/** A change as sent, with the form row of each rate and staff member it sends, by their place in the body. */
export type SentChange = { body: BillingSettingsChange; rateRows: number[]; staffRows: number[] };

const cents = (dollars: number) => Math.round(dollars * 100);

/** Only what differs from the settings the form was filled from; null when nothing does. */
export function changeOf(base: BillingSettings, values: SettingsFormOutput): SentChange | null {
  const sent: SentChange = { body: {}, rateRows: [], staffRows: [] };
  if (values.timezone !== base.timezone) sent.body.timezone = values.timezone;
  const rateCents = (dollars: number | null) => (dollars === null ? null : cents(dollars));
  if (rateCents(values.monitoring_rate) !== rateCents(base.monitoring_rate)) {
    sent.body.monitoring_rate = values.monitoring_rate;
  }
  const rates: NonNullable<BillingSettingsChange['rates']> = [];
  values.rates.forEach(({ rate }, row) => {
    const was = base.rates[row];
    if (!was || cents(rate) === cents(was.rate)) return;
    rates.push({ year: was.year as BillingRuleYear, code: was.code, rate });
    sent.rateRows.push(row);
  });
  const staff: NonNullable<BillingSettingsChange['staff']> = [];
  values.staff.forEach(({ npi, is_assistant }, row) => {
    const was = base.staff[row];
    if (!was || (npi === was.npi && is_assistant === was.is_assistant)) return;
    staff.push({
      id: was.id,
      ...(npi !== was.npi && { npi }),
      ...(is_assistant !== was.is_assistant && { is_assistant }),
    });
    sent.staffRows.push(row);
  });
  if (rates.length > 0) sent.body.rates = rates;
  if (staff.length > 0) sent.body.staff = staff;
  return Object.keys(sent.body).length > 0 ? sent : null;
}

/**
 * The server names a field by its place in the body sent (`rates.0.rate`, `staff.1.npi`); the form by its row. A
 * refused staff member (`staff.1.id`) is shown on that member's NPI, the first field of their row.
 */
export function onFormRows(error: unknown, sent: SentChange): unknown {
  if (!isApiError(error)) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const [list, place] = key.split('.');
    const row = place === undefined ? undefined : (list === 'rates' ? sent.rateRows : sent.staffRows)[Number(place)];
    if (list === 'rates' && row !== undefined) errors[`rates.${row}.rate`] = messages;
    else if (list === 'staff' && row !== undefined) errors[`staff.${row}.npi`] = messages;
    else errors[key] = messages;
  }
  return new ApiError({
    type: error.type,
    title: error.title,
    status: error.status,
    code: error.code,
    detail: error.detail,
    errors,
  });
}
