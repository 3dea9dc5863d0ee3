import type { billingChartQuerySchema } from '@rehabit/contract';
import {
  type BillingChart,
  type BillingUnits,
  type BillingUnitsQuery,
  dollarsOf,
  lastDayOfMonth,
  monthOfYear,
  toPage,
} from '@rehabit/contract';
import type { z } from 'zod';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { clinicMonthOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../data-access.ts';
import { billingClinicOf, billingMonthOf, clinicMonthOfCall } from './billing-clinic.ts';
import { createBillingInputs } from './billing-inputs.ts';
import { billedPatientsOf, codeTotalsOf, createBillingMonth, monthTotalsOf } from './billing-month.ts';
import { clinicRatesOf } from './billing-rates.ts';
import { filedMonthOf } from './filed-month.ts';

type Deps = { clock: Clock; audit: AuditLog };
type ChartQuery = z.infer<typeof billingChartQuerySchema>;

/** The billing screen's reads: a month's units with the patients who bill, and the year's chart. */
export function createBillingService({ clock, audit }: Deps) {
  return {
    async units(actor: Caller, query: BillingUnitsQuery, ctx: RequestContext): Promise<BillingUnits> {
      const { clinic, month } = await clinicMonthOfCall(actor, query, query.clinic_code, clock.now());
      // A closed month answers its filed figures, signed or not, never a recomputation that moved (decision 1285);
      // any other month is computed now.
      const filed = await filedMonthOf(actor.data, clinic.id, month);
      const result = filed
        ? { ...filed.figures, isProvisional: false }
        : await createBillingMonth(actor.data, clock).monthOfClinic({ clinicId: clinic.id, month });
      const start = (query.page - 1) * query.page_size;
      const page = result.patients.slice(start, start + query.page_size);
      // One row for the page: whose billing was read (ids only), in the clinic read.
      await audit.record({
        action: 'billing.read',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: ctx.ip,
        detail: { month, page: query.page, patient_ids: page.map((row) => row.patient.id) },
      });
      const totals = monthTotalsOf(result.codes);
      return {
        ...toPage(page, result.patients.length, query),
        month,
        timezone: clinic.timezone,
        is_provisional: result.isProvisional,
        filed_at: filed?.since.toISOString() ?? null,
        signed_at: filed?.signOff?.signedAt.toISOString() ?? null,
        codes: result.codes.map((c) => ({
          code: c.code,
          units: c.units,
          rate: dollarsOf(c.rateCents),
          payment_per_unit: dollarsOf(c.perUnitCents),
          expected_payment: dollarsOf(c.expectedCents),
        })),
        units: totals.units,
        expected_payment: dollarsOf(totals.expectedCents),
      };
    },

    /** The year's months up to `current_month`, from one read of the year's data. Totals only: no patient named. */
    async chart(actor: Caller, query: ChartQuery): Promise<BillingChart> {
      const clinic = await billingClinicOf(actor.data, actor, query.clinic_code);
      // The clinic found in the caller's scope: its rates and frozen months are read in it alone.
      const clinicData = actor.data.within(clinicScope(clinic.id));
      const today = clinicMonthOf(clock.now(), clinic.timezone);
      const last = billingMonthOf(query.year, query.current_month, today);
      const numbers = Array.from({ length: query.current_month }, (_, i) => i + 1);
      const [rates, patientInputs, frozen] = await Promise.all([
        clinicRatesOf(clinicData),
        createBillingInputs(actor.data).inputsOf({
          clinicId: clinic.id,
          from: `${query.year}-01-01`,
          until: lastDayOfMonth(last),
        }),
        clinicData.billingSignOff.frozenCodesOf(numbers.map((number) => monthOfYear(query.year, number))),
      ]);
      const frozenTotals = new Map(frozen.map((row) => [row.month, row.codes]));
      const chartMonths = numbers.map((number) => {
        const month = monthOfYear(query.year, number);
        // A closed month's bar is its filed (or signed) figures, as its table is.
        const totals =
          frozenTotals.get(month) ?? codeTotalsOf(billedPatientsOf(patientInputs, month, rates), month, rates);
        return {
          month: number,
          codes: totals.map((t) => ({ code: t.code, units: t.units })),
          expected_payment: dollarsOf(monthTotalsOf(totals).expectedCents),
          is_provisional: month >= today,
        };
      });
      return { year: query.year, months: chartMonths };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
