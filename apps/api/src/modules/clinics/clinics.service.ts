import type { CheckCodeResponse, Clinic } from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { type Caller, dataFor } from '../data-access.ts';
import { toClinic } from './clinics.repository.ts';

type Deps = { db: Db; audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };

export function createClinicsService({ db, audit, config }: Deps) {
  // Before signing up, the code the person presents names the clinic (decision 1340).
  const signInData = dataFor(db, crossClinic('sign-in'));

  return {
    /** The caller's own clinic (any clinic for an admin); another clinic's code is not found. */
    async detail(actor: Caller, code: string, ctx: RequestContext): Promise<Clinic> {
      const clinic = await actor.data.clinics.findByCode(code);
      if (!clinic) throw notFound('clinic');
      await audit.record({
        action: 'clinic.read',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: ctx.ip,
      });
      return toClinic(clinic, config.RESTRICTED_CLINIC_CODE);
    },

    /** Whether a code names a clinic, and its name, for the sign-up forms. */
    async checkCode(code: string): Promise<CheckCodeResponse> {
      const clinic = await signInData.clinics.findByCode(code);
      return { valid: Boolean(clinic), clinic_name: clinic?.name ?? null };
    },
  };
}
export type ClinicsService = ReturnType<typeof createClinicsService>;
