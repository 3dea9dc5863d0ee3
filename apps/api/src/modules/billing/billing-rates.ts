import {
  type BillingCode,
  type BillingRuleYear,
  billingCodes,
  defaultBillingRates,
  ruleYearOf,
} from '@rehabit/contract';
import type { TxData } from '../data-access.ts';

/** A clinic's rate of each code, in cents, by rule year: its own where it set one, else the default. */
export type ClinicRates = {
  /** The rate of a code on a date of service, in cents; null when the code did not exist that year. */
  rateOf(code: BillingCode, dateOfService: string): number | null;
  /** Every code of a rule year with the clinic's rate and the default. */
  ratesOfYear(year: BillingRuleYear): { code: BillingCode; rateCents: number; defaultCents: number }[];
};

/** The rates of the one clinic of the data access's scope. */
export async function clinicRatesOf(data: TxData): Promise<ClinicRates> {
  const rows = await data.billingRates.ownRates();
  const own = new Map(rows.map((row) => [`${row.year}:${row.code}`, row.rateCents]));
  const rateIn = (year: BillingRuleYear, code: BillingCode) => {
    const fallback = defaultBillingRates[year][code];
    if (fallback === undefined) return null;
    return own.get(`${year}:${code}`) ?? fallback;
  };
  return {
    rateOf: (code, dateOfService) => rateIn(ruleYearOf(dateOfService), code),
    ratesOfYear: (year) =>
      billingCodes.flatMap((code) => {
        const defaultCents = defaultBillingRates[year][code];
        return defaultCents === undefined
          ? []
          : [{ code, rateCents: rateIn(year, code) ?? defaultCents, defaultCents }];
      }),
  };
}
