import type { BillingCode } from '@rehabit/contract';
import { formatDate } from '@web/components/ui/format/format.ts';

/** Each code's colour in the chart, from the tokens' families; the legend and the table name them too. */
export const codeColours: Record<BillingCode, string> = {
  '98975': '#0f766e',
  '98977': '#1d4ed8',
  '98985': '#7c3aed',
  '98979': '#b45309',
  '98980': '#be185d',
  '98981': '#475569',
};

/** A 30-day window as `Feb 13, 2026 – Mar 14, 2026`. */
export const formatWindow = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;

/** `1 unit`, `3 units`. */
export const unitsText = (units: number) => `${units} ${units === 1 ? 'unit' : 'units'}`;
