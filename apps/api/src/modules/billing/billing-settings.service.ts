import {
  type BillingSettings,
  type BillingSettingsChange,
  billingRuleYears,
  defaultBillingRates,
  dollarsOf,
  isPatientRole,
} from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, clinicAudit, noteNothingChanged } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, type FieldErrors, notFound } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import { billingClinicOf } from './billing-clinic.ts';
import { clinicRatesOf } from './billing-rates.ts';
import { type BillingStaffRow, renderingRoles } from './billing-settings.repository.ts';

type Deps = { clock: Clock; audit: AuditLog };
/** The clinic whose settings are read or changed. */
type BillingClinic = { id: number; code: string; timezone: string; monitoringRateCents: number | null };

type StaffChange = NonNullable<BillingSettingsChange['staff']>[number];
type Changed<T> = { old: T; new: T };

const isRendering = (account: BillingStaffRow) =>
  (renderingRoles as readonly string[]).includes(account.role) && account.approvalStatus === 'approved';

const refused = (errors: FieldErrors) =>
  new AppError('validation_failed', Object.values(errors).flat().join('; '), { errors });

/**
 * Refuses rates the rules cannot use before anything is read: a code that was not billable in its rule year (each
 * year has its own code set), or one year and code sent twice.
 */
function checkRates(rates: BillingSettingsChange['rates'] = []) {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  rates.forEach(({ year, code }, index) => {
    if (defaultBillingRates[year][code] === undefined) {
      errors[`rates.${index}.code`] = [`${code} is not billed in ${year}`];
    } else if (seen.has(`${year}:${code}`)) {
      errors[`rates.${index}`] = [`The rate of ${code} in ${year} is sent twice`];
    }
    seen.add(`${year}:${code}`);
  });
  if (Object.keys(errors).length > 0) throw refused(errors);
}

/**
 * The accounts a staff change names, each checked: one of another clinic, a patient's, or no account at all is
 * not found (nothing tells what exists elsewhere); one of the clinic that does not render (an office manager, an
 * admin, someone not approved) is a field error, since billing never names them.
 */
function checkStaff(changes: StaffChange[], accounts: BillingStaffRow[]) {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  changes.forEach(({ id }, index) => {
    const account = byId.get(id);
    if (!account || isPatientRole(account.role)) throw notFound('staff member');
    if (seen.has(id)) errors[`staff.${index}.id`] = ['This staff member is sent twice'];
    else if (!isRendering(account)) {
      errors[`staff.${index}.id`] = ['Only approved therapists and supervisors render RTM services'];
    }
    seen.add(id);
  });
  if (Object.keys(errors).length > 0) throw refused(errors);
  return byId;
}

/** What a staff change really changes on the account, old and new, value by value. */
function staffDiff(change: StaffChange, account: BillingStaffRow) {
  const diff: { npi?: Changed<string | null>; is_assistant?: Changed<boolean> } = {};
  if (change.npi !== undefined && change.npi !== account.npi) diff.npi = { old: account.npi, new: change.npi };
  if (change.is_assistant !== undefined && change.is_assistant !== account.isAssistant) {
    diff.is_assistant = { old: account.isAssistant, new: change.is_assistant };
  }
  return diff;
}

/** The clinic's settings as the API answers them: every rate merged with its default, in dollars. */
async function readSettings(data: TxData, clinic: BillingClinic): Promise<BillingSettings> {
  // The clinic billingClinicOf found in the caller's scope.
  const clinicData = data.within(clinicScope(clinic.id));
  const [rates, staff] = await Promise.all([clinicRatesOf(clinicData), clinicData.billingSettings.renderingStaff()]);
  return {
    timezone: clinic.timezone,
    monitoring_rate: clinic.monitoringRateCents === null ? null : dollarsOf(clinic.monitoringRateCents),
    rates: billingRuleYears.flatMap((year) =>
      rates.ratesOfYear(year).map(({ code, rateCents, defaultCents }) => ({
        year,
        code,
        rate: dollarsOf(rateCents),
        default_rate: dollarsOf(defaultCents),
      })),
    ),
    staff: staff.map((member) => ({
      id: member.id,
      display_name: `${member.firstName} ${member.lastName}`.trim(),
      role: member.role,
      npi: member.npi,
      is_assistant: member.isAssistant,
    })),
  };
}

export function createBillingSettingsService({ clock, audit }: Deps) {
  return {
    async settings(actor: Caller, query: { clinic_code?: string }): Promise<BillingSettings> {
      return readSettings(actor.data, await billingClinicOf(actor.data, actor, query.clinic_code));
    },

    /**
     * Changes what the body sends, in one transaction with one audit row holding every changed value's old and new
     * value; what is sent unchanged is left alone, and a call that changes nothing writes nothing.
     */
    async change(
      actor: Caller,
      query: { clinic_code?: string },
      body: BillingSettingsChange,
      ctx: RequestContext,
    ): Promise<BillingSettings> {
      const clinic = await billingClinicOf(actor.data, actor, query.clinic_code);
      // The clinic found in the caller's scope: its settings are read and changed in it alone.
      const clinicData = actor.data.within(clinicScope(clinic.id));
      checkRates(body.rates);
      const now = clock.now();
      const clinicValues = await clinicData.transaction(async (data) => {
        const txRepo = data.billingSettings;
        const old = await txRepo.lockClinic();
        const staffChanges = body.staff ?? [];
        const accounts = checkStaff(staffChanges, await txRepo.accountsOfClinic(staffChanges.map((s) => s.id)));
        const detail: Record<string, unknown> = {};

        const next = { ...old };
        if (body.timezone !== undefined && body.timezone !== old.timezone) {
          next.timezone = body.timezone;
          detail.timezone = { old: old.timezone, new: body.timezone };
        }
        const rateCents = body.monitoring_rate == null ? body.monitoring_rate : Math.round(body.monitoring_rate * 100);
        if (rateCents !== undefined && rateCents !== old.monitoringRateCents) {
          next.monitoringRateCents = rateCents;
          // In dollars, as the rates are audited; null is "not set".
          detail.monitoring_rate = {
            old: old.monitoringRateCents === null ? null : dollarsOf(old.monitoringRateCents),
            new: rateCents === null ? null : dollarsOf(rateCents),
          };
        }
        if (detail.timezone || detail.monitoring_rate) await txRepo.setClinicValues(next);

        const rates = await clinicRatesOf(data);
        const rateChanges = (body.rates ?? []).flatMap(({ year, code, rate }) => {
          const rateCents = Math.round(rate * 100);
          const oldCents = rates.ratesOfYear(year).find((r) => r.code === code)!.rateCents;
          return rateCents === oldCents ? [] : [{ year, code, rateCents, oldCents }];
        });
        await txRepo.upsertRates(rateChanges, { userId: actor.id, at: now });
        if (rateChanges.length > 0) {
          detail.rates = rateChanges.map(({ year, code, rateCents, oldCents }) => ({
            year,
            code,
            old: dollarsOf(oldCents),
            new: dollarsOf(rateCents),
          }));
        }

        const staffDiffs = [];
        for (const change of staffChanges) {
          const diff = staffDiff(change, accounts.get(change.id)!);
          if (!diff.npi && !diff.is_assistant) continue;
          await txRepo.updateStaff(change.id, {
            ...(diff.npi && { npi: diff.npi.new }),
            ...(diff.is_assistant && { isAssistant: diff.is_assistant.new }),
          });
          staffDiffs.push({ id: change.id, ...diff });
        }
        if (staffDiffs.length > 0) detail.staff = staffDiffs;

        if (Object.keys(detail).length === 0) {
          noteNothingChanged();
          return old;
        }
        await clinicAudit(audit)(actor, 'billing.settings_change', clinic, ctx, detail, data.db);
        return next;
      });
      return readSettings(actor.data, { ...clinic, ...clinicValues });
    },
  };
}
export type BillingSettingsService = ReturnType<typeof createBillingSettingsService>;
