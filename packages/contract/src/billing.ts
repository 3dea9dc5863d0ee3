/**
 * The billing calls (decisions 0801, 0802 and 0804): a month's billing units per code and per
 * patient, the year's chart, the month's billing file, and the clinic's billing settings. The rules that make the
 * units are `billing-rules.ts`; money is in US dollars, rounded to cents.
 */
import { z } from 'zod';
import { type BillingCode, billingCodes, type DataDayKind, dataDayKinds } from './billing-rules.ts';
import { clinicCodeSchema, idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { therapistRefSchema } from './patients.ts';

/** The first billing month of the month pickers (decision 0804). */
export const BILLING_FIRST_YEAR = 2025;
/** The first billing month, `YYYY-MM`: month pickers and month closes start here. */
export const BILLING_FIRST_MONTH = `${BILLING_FIRST_YEAR}-01`;
/** Medicare's share of the allowed amount: expected payment = rate × units × 0.8. */
export const MEDICARE_SHARE = 0.8;

/** The years whose code sets the rules know; each has its own rates. */
export const billingRuleYears = [2025, 2026] as const;
export type BillingRuleYear = (typeof billingRuleYears)[number];

/**
 * Default rates per code and rule year, in cents: near the published Medicare national non-facility amounts. Clinics
 * edit their own; a code absent from a year was not billable that year.
 */
export const defaultBillingRates: Record<BillingRuleYear, Partial<Record<BillingCode, number>>> = {
  2025: { '98975': 1973, '98977': 4302, '98980': 5014, '98981': 3914 },
  2026: { '98975': 2171, '98977': 3975, '98985': 3600, '98979': 2652, '98980': 5381, '98981': 4163 },
};

/** The rule year of a date of service: its own year, or the nearest year the rules know. */
export const ruleYearOf = (dateOfService: string): BillingRuleYear => {
  const year = Number(dateOfService.slice(0, 4));
  const known = [...billingRuleYears].reverse().find((y) => y <= year);
  return known ?? billingRuleYears[0];
};

/** What each CPT code pays for, in the biller's words (decision 0800). */
export const billingCodeNames: Record<BillingCode, string> = {
  '98975': 'Set-up and education',
  '98977': 'Device supply, 16–30 data days',
  '98985': 'Device supply, 2–15 data days',
  '98979': 'Treatment management, 10–19 min',
  '98980': 'Treatment management, first 20 min',
  '98981': 'Each further 20 min',
};

/** What the patient sent on a data day, as the billing screen and file name it. */
export const dataDayKindNames: Record<DataDayKind, string> = {
  exercise: 'exercise logged',
  pain: 'pain rating',
  prom: 'outcome measure',
  steps: 'steps',
  distance: 'distance',
};

/** `YYYY-MM` of a month given as year and month number (1–12), as the billing calls give it. */
export const monthOfYear = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** How the payment per unit is worked out, in words, for the screen and the billing file that print it. */
export const paymentPerUnitRule = `the clinic’s rate × ${Math.round(MEDICARE_SHARE * 100)} % (Medicare’s share), rounded to the cent`;

/**
 * Medicare's share of one unit at the clinic's rate, rounded to the cent: billing's one rounding (decision 1201), so
 * every expected payment is units × this figure and any line or total is reproduced to the cent by hand.
 */
export const paymentPerUnitCents = (rateCents: number) => Math.round(rateCents * MEDICARE_SHARE);

/** Expected payment in cents: units × the payment per unit. */
export const expectedPaymentCents = (rateCents: number, units: number) => paymentPerUnitCents(rateCents) * units;

/** Cents as dollars (a number with at most two decimals), the API's money. */
export const dollarsOf = (cents: number) => Math.round(cents) / 100;

const monthNumberSchema = z.coerce
  .number({ error: 'Use a month number from 1 to 12' })
  .int({ error: 'Use a month number from 1 to 12' })
  .min(1, { error: 'Use a month number from 1 to 12' })
  .max(12, { error: 'Use a month number from 1 to 12' });
const yearSchema = z.coerce
  .number({ error: 'Use a four-digit year' })
  .int({ error: 'Use a four-digit year' })
  .min(BILLING_FIRST_YEAR, { error: `Billing starts in ${BILLING_FIRST_YEAR}` })
  .max(9999, { error: 'Use a four-digit year' });

/**
 * An admin names the clinic (platform staff see every clinic); clinic staff always get their own, and naming
 * another clinic answers 404.
 */
export const clinicChoiceSchema = z.object({ clinic_code: z.optional(clinicCodeSchema) });

/** A billing month as the billing calls give it: month 1–12 and year; a month ahead of the clinic's today is 400. */
export const billingMonthQuerySchema = clinicChoiceSchema.extend({ month: monthNumberSchema, year: yearSchema });
export const billingUnitsQuerySchema = z.object({ ...pageQuerySchema.shape, ...billingMonthQuerySchema.shape });
export type BillingUnitsQuery = z.infer<typeof billingUnitsQuerySchema>;
export const billingFileParamsSchema = z.object({ month: monthNumberSchema, year: yearSchema });
export const billingChartQuerySchema = clinicChoiceSchema.extend({
  year: yearSchema,
  /** The last month the chart shows (1–12): months after it are left out. */
  current_month: monthNumberSchema,
});

const billingCodeSchema = z.enum(billingCodes);

/** A code's total for the clinic's month: units, the clinic's rate, and the expected payment. */
export const billingCodeTotalSchema = z.object({
  code: billingCodeSchema,
  units: z.number().int(),
  rate: z.number(),
  /** Medicare's share of one unit at the rate, rounded to the cent: expected payment is units × this. */
  payment_per_unit: z.number(),
  expected_payment: z.number(),
});

/** One billed code of a patient, as the rules answered it (`computeBillingUnits`). */
export const billedCodeSchema = z.object({
  code: billingCodeSchema,
  units: z.number().int(),
  date_of_service: z.string(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  data_days: z.number().int().nullable(),
  /** A window's data days one by one, with what the patient sent on each (null for a month's management codes). */
  data_day_sources: z.array(z.object({ day: z.string(), kinds: z.array(z.enum(dataDayKinds)) })).nullable(),
  minutes: z.number().int().nullable(),
  /** GP always; CQ where a therapist assistant did more than 10 % of the month's monitored time. */
  modifiers: z.array(z.string()),
  expected_payment: z.number(),
});
export type BilledCodeRow = z.infer<typeof billedCodeSchema>;

/** The rendering therapist of a patient's codes: the episode's therapist, with the NPI the clinic set. */
export const renderingTherapistSchema = therapistRefSchema.extend({ npi: z.string().nullable() });

/** One patient who bills in the month: what, why (data days, minutes, calls), by whom, and for how much. */
export const billingPatientRowSchema = z.object({
  patient: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), birthday: z.string() }),
  diagnosis: z.string().nullable(),
  codes: z.array(billedCodeSchema),
  /** The month's minutes: all staff's monitored seconds plus live-call minutes, floored once. */
  minutes: z.number().int(),
  /** Days of the month's live calls (phone or video). */
  call_dates: z.array(z.string()),
  therapist: renderingTherapistSchema.nullable(),
  expected_payment: z.number(),
});
export type BillingPatientRow = z.infer<typeof billingPatientRowSchema>;

/**
 * A clinic's month: units and expected payment per code and in all, and a page of the patients who bill, by name.
 * A month still running (`is_provisional`) is answered on the data so far.
 */
export const billingUnitsSchema = z.object({
  ...paginated(billingPatientRowSchema).shape,
  month: z.string(),
  timezone: z.string(),
  is_provisional: z.boolean(),
  /**
   * When the closed month's figures were filed (its close, or an admin's new file of it): the figures answered are
   * then the filed ones, frozen, whatever was logged since (decision 1285); null for a month not closed.
   */
  filed_at: z.string().nullable(),
  /** When the month was signed off (the signed figures are the filed ones, decision 1210); else null. */
  signed_at: z.string().nullable(),
  codes: z.array(billingCodeTotalSchema),
  units: z.number().int(),
  expected_payment: z.number(),
});
export type BillingUnits = z.infer<typeof billingUnitsSchema>;

/** The year's months up to `current_month`, each with its units per code and expected payment. */
export const billingChartSchema = z.object({
  year: z.number().int(),
  months: z.array(
    z.object({
      month: z.number().int(),
      codes: z.array(z.object({ code: billingCodeSchema, units: z.number().int() })),
      expected_payment: z.number(),
      is_provisional: z.boolean(),
    }),
  ),
});
export type BillingChart = z.infer<typeof billingChartSchema>;

/** Whether the month's billing file exists: made at month close (or by an admin), or a corrected one uploaded. */
export const billingFileStatusSchema = z.object({
  exists: z.boolean(),
  name: z.string().nullable(),
  /** `signed`: the copy of the file the supervisor signed off, with its sign-off sheet (decision 1210). */
  source: z.enum(['generated', 'uploaded', 'signed']).nullable(),
  created_at: z.string().nullable(),
});
export type BillingFileStatus = z.infer<typeof billingFileStatusSchema>;

/** The file as base64 and its name, downloaded as a file by the browser (decision 0801). */
export const billingFileSchema = z.object({ content: z.string(), name: z.string() });

export const BILLING_FILE_MAX_BYTES = 5 * 1024 * 1024;
const xlsxNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[\w .()-]+\.xlsx$/i, { error: 'Name the file like report.xlsx (letters, digits, spaces, . _ - ( ))' });
/** An admin's corrected file: an XLSX workbook as base64. */
export const billingFileUploadSchema = z.object({
  name: xlsxNameSchema,
  content: z
    .string()
    .max(Math.ceil(BILLING_FILE_MAX_BYTES / 3) * 4, { error: 'The file is over 5 MB' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Send the file as base64' }),
});
export const adminBillingParamsSchema = billingFileParamsSchema.extend({ clinicCode: clinicCodeSchema });

const rateSchema = z
  .number({ error: 'Use an amount in dollars' })
  .min(0, { error: 'A rate cannot be negative' })
  .max(10_000, { error: 'A rate is at most $10,000' })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: 'Use whole cents',
  });

/** The clinic's billing settings: its timezone, its rates per rule year and code, and its rendering staff. */
export const billingSettingsSchema = z.object({
  timezone: z.string(),
  /** What the clinic pays its staff per hour of monitored time, in dollars; null until set (no pay is computed). */
  monitoring_rate: z.number().nullable(),
  rates: z.array(
    z.object({
      year: z.number().int(),
      code: billingCodeSchema,
      rate: z.number(),
      default_rate: z.number(),
    }),
  ),
  staff: z.array(
    therapistRefSchema.extend({
      role: z.string(),
      npi: z.string().nullable(),
      /** A therapist assistant: their share of monitored time decides the CQ modifier. */
      is_assistant: z.boolean(),
    }),
  ),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

export const timezoneSchema = z
  .string()
  .trim()
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return zone.includes('/') || zone === 'UTC';
      } catch {
        return false;
      }
    },
    { error: 'Use a timezone like America/New_York' },
  );
export const npiSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, { error: 'An NPI is 10 digits' })
  .nullable();

/** A change of settings: only what is sent changes. */
export const billingSettingsChangeSchema = z
  .object({
    timezone: timezoneSchema.optional(),
    /** The hourly monitoring rate in dollars; null takes it back to not set. */
    monitoring_rate: rateSchema.nullable().optional(),
    rates: z
      .array(z.object({ year: z.literal(billingRuleYears), code: billingCodeSchema, rate: rateSchema }))
      .max(50)
      .optional(),
    staff: z
      .array(z.object({ id: idSchema, npi: npiSchema.optional(), is_assistant: z.boolean().optional() }))
      .max(500)
      .optional(),
  })
  .refine(
    (change) =>
      change.timezone !== undefined ||
      change.monitoring_rate !== undefined ||
      change.rates?.length ||
      change.staff?.length,
    { error: 'Send a timezone, an hourly monitoring rate, rates or staff to change' },
  );
export type BillingSettingsChange = z.infer<typeof billingSettingsChangeSchema>;

export const billingEndpoints = defineEndpoints('billing', {
  /** The clinic's month, units per code and the patients who bill (decision 0804; names make it a health-data read). */
  units: {
    method: 'GET',
    path: '/clinic/billing-units',
    access: 'billing.read',
    audit: { read: 'billing.read' },
    query: billingUnitsQuerySchema,
    status: 200,
    response: billingUnitsSchema,
  },
  /** The year's months, units per code and expected payment; totals only, no patient (decision 0804). */
  chart: {
    method: 'GET',
    path: '/clinic/billing-chart',
    access: 'billing.read',
    query: billingChartQuerySchema,
    status: 200,
    response: billingChartSchema,
  },
  /** Whether the month's file exists (decision 0801). */
  checkFile: {
    method: 'GET',
    path: '/clinic/billing/:month/:year/check-file',
    access: 'billing.read',
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    status: 200,
    response: billingFileStatusSchema,
  },
  /** The month's file, base64; 404 while none exists (decision 0801). */
  downloadFile: {
    method: 'GET',
    path: '/clinic/billing/:month/:year/download-file',
    access: 'billing.read',
    audit: { read: 'billing.file_download' },
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    status: 200,
    response: billingFileSchema,
  },
  /** An admin makes the month's file again from the data as it stands; the clinic's staff get the badge. */
  regenerateFile: {
    method: 'POST',
    path: '/api/v1/admin/billing/:clinicCode/:month/:year/generate',
    access: 'billing.files',
    audit: { change: 'billing.file_generated' },
    params: adminBillingParamsSchema,
    status: 201,
    response: billingFileStatusSchema,
  },
  /** An admin replaces the month's file with a corrected workbook; the clinic's staff get the badge. */
  uploadFile: {
    method: 'PUT',
    path: '/api/v1/admin/billing/:clinicCode/:month/:year/file',
    access: 'billing.files',
    audit: { change: 'billing.file_uploaded' },
    params: adminBillingParamsSchema,
    body: billingFileUploadSchema,
    status: 200,
    response: billingFileStatusSchema,
  },
  /** The clinic's billing settings; clinic staff read their own. */
  settings: {
    method: 'GET',
    path: '/api/v1/clinic/billing-settings/',
    access: 'billing.read',
    query: clinicChoiceSchema,
    status: 200,
    response: billingSettingsSchema,
  },
  /** Supervisors change their clinic's settings, admins any clinic's; audited with the old and new values. */
  changeSettings: {
    method: 'PATCH',
    path: '/api/v1/clinic/billing-settings/',
    access: 'billing.settings',
    audit: { change: 'billing.settings_change' },
    query: clinicChoiceSchema,
    body: billingSettingsChangeSchema,
    status: 200,
    response: billingSettingsSchema,
  },
});
