import { type BillingChart, type BillingCode, billingCodes } from '@rehabit/contract';
import dayjs from 'dayjs';

/** One month of the chart: its name, units per code, and the expected payment. */
export type ChartRow = {
  month: number;
  label: string;
  name: string;
  isProvisional: boolean;
  units: number;
  expected: number;
} & Partial<Record<BillingCode, number>>;

/** The codes billed in the year, in the order of the rules. */
export const chartCodes = (chart: BillingChart): BillingCode[] =>
  billingCodes.filter((code) => chart.months.some((month) => month.codes.some((c) => c.code === code && c.units > 0)));

/** The chart's months as rows a bar chart and a table can both read. */
export function chartRows(chart: BillingChart): ChartRow[] {
  return chart.months.map((entry) => {
    const first = dayjs(new Date(chart.year, entry.month - 1, 1));
    const row: ChartRow = {
      month: entry.month,
      label: first.format('MMM'),
      name: first.format('MMMM YYYY'),
      isProvisional: entry.is_provisional,
      units: entry.codes.reduce((sum, code) => sum + code.units, 0),
      expected: entry.expected_payment,
    };
    for (const code of entry.codes) row[code.code] = code.units;
    return row;
  });
}
