import type { Clinic, ClinicDetailsChange } from '@rehabit/contract';
import type { Config } from '../../config.ts';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, clinicAudit, noteNothingChanged } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { type ClinicDetails, toClinic } from './clinics.repository.ts';

type Deps = { audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };

type Value = string | boolean | null;

/** Each field of the change's body and the clinic's column it sets. */
const detailFields = [
  ['name', 'name'],
  ['address', 'address'],
  ['npi', 'npi'],
  ['tin', 'tin'],
  ['handout_attachments', 'handoutAttachments'],
] as const satisfies readonly (readonly [keyof ClinicDetailsChange, keyof ClinicDetails])[];

/** The clinic's own details, each change audited with its old and new values. */
export function createClinicSettingsService({ audit, config }: Deps) {
  return {
    /**
     * Changes what the body sends in the clinic the caller may set up (a supervisor's own, any for an admin; another
     * is not found), holding the clinic's row so the one audit row has the values really replaced. Sending the values
     * the clinic already has changes nothing and writes no row.
     */
    async changeDetails(actor: Caller, code: string, body: ClinicDetailsChange, ctx: RequestContext): Promise<Clinic> {
      const updated = await actor.data.transaction(async (data) => {
        const clinic = await data.clinics.lockByCode(code);
        if (!clinic) throw notFound('clinic');
        const changes: Partial<ClinicDetails> = {};
        const detail: Record<string, { old: Value; new: Value }> = {};
        for (const [field, column] of detailFields) {
          const value = body[field];
          if (value === undefined || value === clinic[column]) continue;
          Object.assign(changes, { [column]: value });
          detail[field] = { old: clinic[column], new: value };
        }
        if (Object.keys(changes).length === 0) {
          noteNothingChanged();
          return clinic;
        }
        // The clinic found in the caller's scope is the one changed (decision 1340).
        await data.within(clinicScope(clinic.id)).clinics.updateDetails(changes);
        await clinicAudit(audit)(actor, 'clinic.update', clinic, ctx, detail, data.db);
        return { ...clinic, ...changes };
      });
      return toClinic(updated, config.RESTRICTED_CLINIC_CODE);
    },
  };
}
export type ClinicSettingsService = ReturnType<typeof createClinicSettingsService>;
