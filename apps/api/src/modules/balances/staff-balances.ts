/**
 * A clinic's month of staff balances (decision 1000), from the monitored-time module's per-staff minutes: each staff
 * member's monitored seconds, calls and patients, their minutes split by whether the patient had a live call that
 * month (payable) or not, and the pay at the clinic's hourly rate. No minute is counted here: the seconds and call
 * minutes are `minutesByStaff`'s and the flooring is `totalMinutesOf`.
 */
import type { Role } from '@rehabit/contract';
import { type StaffMonthlyMinutes, totalMinutesOf } from '../monitoring/monthly-minutes.ts';

export type BalanceFigures = {
  monitoredSeconds: number;
  calls: number;
  callMinutes: number;
  /** The patients the figures are about, each once. */
  patientIds: number[];
  payableMinutes: number;
  notPayableMinutes: number;
  /** Null while the clinic has no hourly rate. */
  payCents: number | null;
};

export type StaffAccount = { id: number; firstName: string; lastName: string; role: Role };

export type StaffBalanceRow = BalanceFigures & {
  /** Null for calls whose logging account no longer exists (or is no longer the clinic's). */
  staff: StaffAccount | null;
};

/** Pay of whole payable minutes at an hourly rate in cents, rounded to a cent. */
export const payCentsOf = (minutes: number, hourlyRateCents: number) => Math.round((minutes * hourlyRateCents) / 60);

type Summed = 'monitoredSeconds' | 'callMinutes' | 'calls';
const sumOf = <K extends string>(rows: Record<K, number>[], key: K) => rows.reduce((n, row) => n + row[key], 0);

/** One staff member's figures from their rows of `minutesByStaff` (one per patient). */
function figuresOf(rows: StaffMonthlyMinutes[], paidPatients: Set<number>, hourlyRateCents: number | null) {
  // Floored once per side, so payable + not payable is the staff member's total.
  const minutesOf = (of: StaffMonthlyMinutes[]) =>
    totalMinutesOf(sumOf<Summed>(of, 'monitoredSeconds'), sumOf<Summed>(of, 'callMinutes'));
  const payableMinutes = minutesOf(rows.filter((row) => paidPatients.has(row.patientId)));
  return {
    monitoredSeconds: sumOf<Summed>(rows, 'monitoredSeconds'),
    calls: sumOf<Summed>(rows, 'calls'),
    callMinutes: sumOf<Summed>(rows, 'callMinutes'),
    patientIds: [...new Set(rows.map((row) => row.patientId))],
    payableMinutes,
    notPayableMinutes: minutesOf(rows.filter((row) => !paidPatients.has(row.patientId))),
    payCents: hourlyRateCents === null ? null : payCentsOf(payableMinutes, hourlyRateCents),
  };
}

const byName = (x: StaffBalanceRow, y: StaffBalanceRow) => {
  // Former staff last.
  if (!x.staff || !y.staff) return x.staff ? -1 : y.staff ? 1 : 0;
  return (
    x.staff.lastName.localeCompare(y.staff.lastName) ||
    x.staff.firstName.localeCompare(y.staff.firstName) ||
    x.staff.id - y.staff.id
  );
};

/**
 * Each staff member's row of the month, by last name (former staff last). A patient's minutes are payable when the
 * patient had a live call that month, whoever logged it: the patient's `hasLiveCall` as the module answers it.
 */
export function staffBalancesOf(
  minutes: StaffMonthlyMinutes[],
  accounts: Map<number, StaffAccount>,
  hourlyRateCents: number | null,
): StaffBalanceRow[] {
  const paidPatients = new Set(minutes.filter((row) => row.hasLiveCall).map((row) => row.patientId));
  const byStaff = new Map<number | null, StaffMonthlyMinutes[]>();
  for (const row of minutes) {
    // An account that is gone (or is no longer the clinic's) is a former staff member.
    const key = row.userId !== null && accounts.has(row.userId) ? row.userId : null;
    byStaff.set(key, [...(byStaff.get(key) ?? []), row]);
  }
  return [...byStaff]
    .map(([userId, rows]) => ({
      staff: userId === null ? null : accounts.get(userId)!,
      ...figuresOf(rows, paidPatients, hourlyRateCents),
    }))
    .sort(byName);
}

/** The totals of rows: the sum of each figure (pay too, so a total is its rows' sum), each patient once. */
export function totalsOf(rows: StaffBalanceRow[], hourlyRateCents: number | null): BalanceFigures {
  type Added = Summed | 'payableMinutes' | 'notPayableMinutes';
  return {
    monitoredSeconds: sumOf<Added>(rows, 'monitoredSeconds'),
    calls: sumOf<Added>(rows, 'calls'),
    callMinutes: sumOf<Added>(rows, 'callMinutes'),
    patientIds: [...new Set(rows.flatMap((row) => row.patientIds))],
    payableMinutes: sumOf<Added>(rows, 'payableMinutes'),
    notPayableMinutes: sumOf<Added>(rows, 'notPayableMinutes'),
    payCents: hourlyRateCents === null ? null : rows.reduce((n, row) => n + (row.payCents ?? 0), 0),
  };
}
