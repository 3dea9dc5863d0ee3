import type { ClaimsCheck } from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { clinicMonthOfCall, type MonthParams } from './billing-clinic.ts';
import { claimLinesOf, claimsCsv, clinicGapsOf } from './claim-lines.ts';
import { filedMonthOf } from './filed-month.ts';

type Deps = { clock: Clock; audit: AuditLog };
type ClinicChoice = { clinic_code?: string };

/**
 * A closed month's claims (decision 1435): its CSV for the clearinghouse and the lines that lack a claim's field,
 * both from the month's filed figures (decision 1285), the clinic chosen as for the billing file.
 */
export function createBillingClaimsService({ clock, audit }: Deps) {
  /** The month's service lines, its clinic's claim numbers; 409 while the month has no filed figures. */
  async function claimsOf(actor: Caller, params: MonthParams, query: ClinicChoice) {
    const { clinic, clinicData, month } = await clinicMonthOfCall(actor, params, query.clinic_code, clock.now());
    const filed = await filedMonthOf(actor.data, clinic.id, month);
    if (!filed) {
      const isClosed = Boolean(await clinicData.billingSignOff.closeOf(month));
      throw new AppError(
        'conflict',
        isClosed
          ? `${month} was closed before Rehabit kept the figures it files: its claims can be made once it is signed off`
          : `${month} is not closed yet: its claims are made from the figures filed when the month has ended and closes`,
      );
    }
    const patientIds = filed.figures.patients.map((row) => row.patient.id);
    const ids = await clinicData.billingMonth.claimIdsOf(patientIds);
    return { clinic, month, lines: claimLinesOf(filed.figures.patients, ids) };
  }

  return {
    /** The CSV; audited with the month, its number of lines and the patients named, never their content. */
    async csv(actor: Caller, params: MonthParams, query: ClinicChoice, ctx: RequestContext) {
      const { clinic, month, lines } = await claimsOf(actor, params, query);
      await audit.record({
        action: 'billing.claims_export',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: ctx.ip,
        // Every patient the file names, as any read of several patients' records is audited; never their fields.
        detail: { month, lines: lines.length, patient_ids: [...new Set(lines.map((line) => line.row.patient.id))] },
      });
      return { filename: `rehabit-claims-${clinic.code}-${month}.csv`, content: claimsCsv(lines, clinic) };
    },

    /** The lines that lack a claim's field; names patients, so audited with their ids. */
    async check(actor: Caller, params: MonthParams, query: ClinicChoice, ctx: RequestContext): Promise<ClaimsCheck> {
      const { clinic, month, lines } = await claimsOf(actor, params, query);
      const gaps = lines
        .filter((line) => line.missing.length > 0)
        .map(({ row, code, missing }) => ({
          patient: { id: row.patient.id, first_name: row.patient.first_name, last_name: row.patient.last_name },
          code: code.code,
          date_of_service: code.date_of_service,
          missing,
        }));
      const patientIds = [...new Set(gaps.map((gap) => gap.patient.id))];
      await audit.record({
        action: 'billing.claims_check',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: ctx.ip,
        detail: { month, lines: lines.length, patient_ids: patientIds },
      });
      return { month, lines: lines.length, clinic_missing: clinicGapsOf(clinic), gaps };
    },
  };
}

export type BillingClaimsService = ReturnType<typeof createBillingClaimsService>;
