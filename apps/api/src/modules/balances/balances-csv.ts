/**
 * The balances of a month as a CSV: one row per staff member, then the totals. Written as the monitoring audit CSV
 * is (decision 0702): a byte-order mark so spreadsheets read UTF-8, Windows line ends, and formula-like cells
 * escaped.
 */
import { dollarsOf, roleLabels } from '@rehabit/contract';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import { displayName } from '../auth/users.repository.ts';
import type { BalanceFigures, StaffBalanceRow } from './staff-balances.ts';

const header = [
  'Staff member',
  'Staff ID',
  'Role',
  'Monitored seconds',
  'Live calls',
  'Call minutes',
  'Patients',
  'Payable minutes',
  'Not payable minutes (no live call)',
  'Hourly rate (USD)',
  'Pay (USD)',
];

const FORMER_STAFF = 'Former staff member';

/** A money cell: dollars with two decimals, empty while the rate is not set. */
const money = (cents: number | null) => (cents === null ? '' : dollarsOf(cents).toFixed(2));

const figures = (row: BalanceFigures, rate: string) => [
  row.monitoredSeconds,
  row.calls,
  row.callMinutes,
  row.patientIds.length,
  row.payableMinutes,
  row.notPayableMinutes,
  rate,
  money(row.payCents),
];

export function balancesCsv(rows: StaffBalanceRow[], totals: BalanceFigures, hourlyRateCents: number | null) {
  const rate = money(hourlyRateCents);
  const lines = rows.map((row) => [
    row.staff ? displayName(row.staff) : FORMER_STAFF,
    row.staff?.id ?? '',
    row.staff ? roleLabels[row.staff.role] : '',
    ...figures(row, rate),
  ]);
  return spreadsheetCsv([header, ...lines, ['Total', '', '', ...figures(totals, rate)]]);
}
