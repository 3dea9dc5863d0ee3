import {
  type Balances,
  type BalancesQuery,
  can,
  dollarsOf,
  type FileAnswer,
  lastDayOfMonth,
  toPage,
} from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { clinicMonthOf, localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { displayName } from '../auth/users.repository.ts';
import { billingClinicOf, billingMonthOf } from '../billing/billing-clinic.ts';
import type { Caller } from '../data-access.ts';
import { createMonthlyMinutes } from '../monitoring/monthly-minutes.ts';
import { balancesCsv } from './balances-csv.ts';
import { type BalanceFigures, type StaffBalanceRow, staffBalancesOf, totalsOf } from './staff-balances.ts';

type Deps = { clock: Clock; audit: AuditLog };
type MonthQuery = { month: string; clinic_code?: string };

const figuresOf = (row: BalanceFigures) => ({
  monitored_seconds: row.monitoredSeconds,
  calls: row.calls,
  call_minutes: row.callMinutes,
  patients: row.patientIds.length,
  payable_minutes: row.payableMinutes,
  not_payable_minutes: row.notPayableMinutes,
  pay: row.payCents === null ? null : dollarsOf(row.payCents),
});

const toStaffBalance = (row: StaffBalanceRow) => ({
  staff: row.staff && {
    id: row.staff.id,
    display_name: displayName(row.staff),
    role: row.staff.role,
  },
  ...figuresOf(row),
});

/** Staff balances (decision 1000): a month's monitored time, calls and pay per staff member, read or as a CSV. */
export function createBalancesService({ clock, audit }: Deps) {
  /** The clinic's month as the caller may see it: every staff member's row, or a therapist's own. */
  async function monthOf(actor: Caller, query: MonthQuery) {
    const clinic = await billingClinicOf(actor.data, actor, query.clinic_code);
    const current = clinicMonthOf(clock.now(), clinic.timezone);
    // Months before 2025-01 are refused by the query's schema, months not started yet here.
    const month = billingMonthOf(Number(query.month.slice(0, 4)), Number(query.month.slice(5, 7)), current);
    const byStaff = await createMonthlyMinutes(actor.data).minutesByStaff({ clinicId: clinic.id, month });
    const staffIds = [...new Set(byStaff.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
    const accounts = await actor.data.within(clinicScope(clinic.id)).billingSettings.accountsOfClinic(staffIds);
    const rate = clinic.monitoringRateCents;
    const all = staffBalancesOf(byStaff, new Map(accounts.map((account) => [account.id, account])), rate);
    const rows = can(actor.role, 'balances.clinic') ? all : all.filter((row) => row.staff?.id === actor.id);
    const isProvisional = localDateOf(clock.now(), clinic.timezone) <= lastDayOfMonth(month);
    return { clinic, month, rate, rows, totals: totalsOf(rows, rate), isProvisional };
  }

  /** Audited against the clinic read, which is an admin's pick rather than their own. */
  const record = (
    actor: Caller,
    action: 'balances.read' | 'balances.export',
    clinicId: number,
    ctx: RequestContext,
    detail: Record<string, unknown>,
  ) => audit.record({ action, outcome: 'success', actorUserId: actor.id, clinicId, ip: ctx.ip, detail });

  return {
    async read(actor: Caller, query: BalancesQuery, ctx: RequestContext): Promise<Balances> {
      const { clinic, month, rate, rows, totals, isProvisional } = await monthOf(actor, query);
      const start = (query.page - 1) * query.page_size;
      const page = rows.slice(start, start + query.page_size);
      // Whose figures were read (staff ids; no patient is named).
      await record(actor, 'balances.read', clinic.id, ctx, {
        month,
        page: query.page,
        staff_ids: page.map((row) => row.staff?.id ?? null),
      });
      return {
        ...toPage(page.map(toStaffBalance), rows.length, query),
        month,
        timezone: clinic.timezone,
        is_provisional: isProvisional,
        hourly_rate: rate === null ? null : dollarsOf(rate),
        totals: figuresOf(totals),
      };
    },

    async export(actor: Caller, query: MonthQuery, ctx: RequestContext): Promise<FileAnswer> {
      const { clinic, month, rate, rows, totals } = await monthOf(actor, query);
      await record(actor, 'balances.export', clinic.id, ctx, {
        month,
        staff_ids: rows.map((row) => row.staff?.id ?? null),
      });
      return { filename: `balances-${clinic.code}-${month}.csv`, content: balancesCsv(rows, totals, rate) };
    },
  };
}

export type BalancesService = ReturnType<typeof createBalancesService>;
