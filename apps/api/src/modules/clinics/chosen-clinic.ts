import { type ClinicScope, clinicScope } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import type { ClinicRow } from './clinics.repository.ts';

/**
 * The clinic a list is asked for by its code (decision 1150): an admin may name any clinic, anyone else only their
 * own, and a code out of reach is not found (404), as another clinic's id is. Without a code, the caller's own scope
 * (an admin's: every clinic). `filedUnder`: the clinic a record or an audit row of the work belongs to, the chosen one
 * or else the caller's own.
 */
export async function chosenClinic(
  actor: Caller,
  code: string | undefined,
): Promise<{ scope: ClinicScope; clinic: ClinicRow | undefined; filedUnder: number }> {
  if (!code) return { scope: actor.data.scope, clinic: undefined, filedUnder: actor.clinicId };
  const clinic = await actor.data.clinics.findByCode(code);
  if (!clinic) throw notFound('clinic');
  return { scope: clinicScope(clinic.id), clinic, filedUnder: clinic.id };
}
