import type {
  BillingChart,
  BillingFileStatus,
  BillingPatientRow,
  BillingSettings,
  BillingSignOff,
  BillingUnits,
  ClaimsCheck,
  CurrentUser,
} from '@rehabit/contract';
import { screen } from '@testing-library/react';
import type { RecordedRequest } from '@web/testing/fixture-api.ts';
import { clinic, signedInRoutes, therapist } from '@web/testing/fixtures.ts';

/** The clinic's today in the tests: March 15, 2026, so March 2026 is the running month. */
export const NOW = new Date('2026-03-15T17:00:00Z');

export const UNITS_URL = 'GET /clinic/billing-units';
export const FHIR_EXPORTS_URL = 'GET /api/v1/clinic/fhir-exports/';
export const CHART_URL = 'GET /clinic/billing-chart';
export const CANCEL_BADGE_URL = 'PATCH /user/therapist/cancel-billing-notification';
export const checkFileUrl = (month: number, year: number) => `GET /clinic/billing/${month}/${year}/check-file`;
export const downloadUrl = (month: number, year: number) => `GET /clinic/billing/${month}/${year}/download-file`;
export const signOffUrl = (month: number, year: number) => `GET /clinic/billing/${month}/${year}/sign-off`;
export const signUrl = (month: number, year: number) => `POST /clinic/billing/${month}/${year}/sign-off`;
export const reviewUrl = (month: number, year: number) => `GET /clinic/billing/${month}/${year}/post-close-corrections`;
export const claimsCheckUrl = (month: number, year: number) => `GET /clinic/billing/${month}/${year}/claims-check`;
export const claimsCsvUrl = (month: number, year: number) => `GET /clinic/billing/${month}/${year}/claims-csv`;

/** The clinic's supervisor, who signs its closed months off. */
export const supervisor: CurrentUser = { ...therapist, id: 2, role: 'supervisor', display_name: 'Sam Rivera' };

/** The balances screen's card of a month's sign-off, and of its billing file, once shown. */
export const signOffSection = (month: string) => screen.findByRole('region', { name: `Sign-off of ${month}` });
export const fileSection = (month: string) => screen.findByRole('region', { name: `Billing file of ${month}` });

export const billingManager: CurrentUser = {
  ...therapist,
  id: 8,
  role: 'manager',
  display_name: 'Morgan Lee',
  is_new_billing_uploaded: true,
};

export const admin: CurrentUser = {
  ...therapist,
  id: 1,
  role: 'admin',
  display_name: 'Ada Admin',
  email: 'admin@example.com',
};

/** `count` consecutive data days from `first`, each with an exercise logged. */
const dataDays = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    day: new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    kinds: ['exercise' as const],
  }));

/** A treatment-management unit of Maria's 42 minutes in March, dated the month's last day; CQ, as an assistant did more than a tenth of them. */
const managementUnit = (code: '98980' | '98981', expected_payment: number): BillingPatientRow['codes'][number] => ({
  code,
  units: 1,
  date_of_service: '2026-03-31',
  window_start: null,
  window_end: null,
  data_days: null,
  data_day_sources: null,
  minutes: 42,
  modifiers: ['GP', 'CQ'],
  expected_payment,
});

export const maria: BillingPatientRow = {
  patient: { id: 101, first_name: 'Maria', last_name: 'Garcia', birthday: '1956-03-04' },
  diagnosis: 'M54.50',
  codes: [
    {
      code: '98977',
      units: 1,
      date_of_service: '2026-03-09',
      window_start: '2026-02-08',
      window_end: '2026-03-09',
      data_days: 18,
      data_day_sources: dataDays('2026-02-08', 18),
      minutes: null,
      modifiers: ['GP'],
      expected_payment: 31.8,
    },
    managementUnit('98980', 43.05),
    managementUnit('98981', 33.3),
  ],
  minutes: 42,
  call_dates: ['2026-03-03', '2026-03-12'],
  therapist: { id: 7, display_name: 'Tara Nguyen', npi: '1234567893' },
  expected_payment: 108.15,
};

export const david: BillingPatientRow = {
  patient: { id: 102, first_name: 'David', last_name: 'Jackson', birthday: '1949-11-20' },
  diagnosis: null,
  codes: [
    {
      code: '98985',
      units: 1,
      date_of_service: '2026-03-05',
      window_start: '2026-02-04',
      window_end: '2026-03-05',
      data_days: 9,
      data_day_sources: dataDays('2026-02-04', 9),
      minutes: null,
      modifiers: ['GP'],
      expected_payment: 28.8,
    },
  ],
  minutes: 4,
  call_dates: [],
  therapist: null,
  expected_payment: 28.8,
};

export function units(changes: Partial<BillingUnits> = {}): BillingUnits {
  return {
    month: '2026-03',
    timezone: 'America/New_York',
    is_provisional: true,
    filed_at: null,
    signed_at: null,
    codes: [
      { code: '98977', units: 1, rate: 39.75, payment_per_unit: 31.8, expected_payment: 31.8 },
      { code: '98985', units: 1, rate: 36, payment_per_unit: 28.8, expected_payment: 28.8 },
      { code: '98980', units: 1, rate: 53.81, payment_per_unit: 43.05, expected_payment: 43.05 },
      { code: '98981', units: 1, rate: 41.63, payment_per_unit: 33.3, expected_payment: 33.3 },
    ],
    units: 4,
    expected_payment: 136.95,
    count: 2,
    next: null,
    previous: null,
    results: [maria, david],
    ...changes,
  };
}

/** A month nobody bills in. */
export const nobody = (month: string, isProvisional = false) =>
  units({ month, is_provisional: isProvisional, codes: [], units: 0, expected_payment: 0, count: 0, results: [] });

export const chart = (year = 2026, last = 3): BillingChart => ({
  year,
  months: Array.from({ length: last }, (_, index) => ({
    month: index + 1,
    codes:
      index === 1
        ? [
            { code: '98977' as const, units: 3 },
            { code: '98980' as const, units: 2 },
          ]
        : [{ code: '98977' as const, units: index + 1 }],
    expected_payment: index === 1 ? 181.48 : 31.8 * (index + 1),
    is_provisional: year === 2026 && index + 1 === last,
  })),
});

/** A month's sign-off state before it is signed: `open` (not closed yet) or `closed` (waiting for the supervisor). */
export const unsigned = (month: string, state: 'open' | 'closed'): BillingSignOff => ({
  month,
  state,
  signed_by: null,
  signed_at: null,
  closed_file: null,
  signed_file: null,
});

/** A closed month's claims check: its lines, what the clinic lacks, and the lines lacking more. */
export const claimsCheck = (month: string, changes: Partial<ClaimsCheck> = {}): ClaimsCheck => ({
  month,
  lines: 4,
  clinic_missing: [],
  gaps: [],
  ...changes,
});

export const noFile: BillingFileStatus = { exists: false, name: null, source: null, created_at: null };
export const generatedFile: BillingFileStatus = {
  exists: true,
  name: 'billing-DEMO01-2026-02.xlsx',
  source: 'generated',
  created_at: '2026-03-01T05:10:00Z',
};

/** The month and year a request asked for, as `YYYY-MM`. */
export const askedMonth = (request: RecordedRequest) =>
  `${request.url.searchParams.get('year')}-${request.url.searchParams.get('month')?.padStart(2, '0')}`;

/** The clinic's billing settings, shown under the month by the settings panel. */
export const settings: BillingSettings = {
  timezone: 'America/New_York',
  monitoring_rate: null,
  rates: [{ year: 2026, code: '98977', rate: 39.75, default_rate: 39.75 }],
  staff: [{ id: 7, display_name: 'Tara Nguyen', role: 'therapist', npi: '1234567893', is_assistant: false }],
};

/** Everything the balances screen calls, for a user of the demo clinic. */
export const billingRoutes = (user: CurrentUser = billingManager) => ({
  ...signedInRoutes(user),
  'GET /api/v1/clinics/DEMO01/': { body: clinic() },
  [UNITS_URL]: (request: RecordedRequest) => {
    const month = askedMonth(request);
    return { body: month === '2026-03' ? units() : nobody(month) };
  },
  [CHART_URL]: (request: RecordedRequest) => ({
    body: chart(Number(request.url.searchParams.get('year')), Number(request.url.searchParams.get('current_month'))),
  }),
  [checkFileUrl(3, 2026)]: { body: noFile },
  [checkFileUrl(2, 2026)]: { body: generatedFile },
  [signOffUrl(3, 2026)]: { body: unsigned('2026-03', 'open') },
  [signOffUrl(2, 2026)]: { body: unsigned('2026-02', 'closed') },
  [reviewUrl(3, 2026)]: { body: { month: '2026-03', closed_months: [] } },
  [reviewUrl(2, 2026)]: { body: { month: '2026-02', closed_months: [] } },
  [claimsCheckUrl(2, 2026)]: { body: claimsCheck('2026-02') },
  'GET /api/v1/clinic/billing-settings/': { body: settings },
  [FHIR_EXPORTS_URL]: { body: { count: 0, next: null, previous: null, results: [] } },
});
