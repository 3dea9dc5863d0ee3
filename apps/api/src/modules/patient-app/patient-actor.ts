import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, patients } from '../../db/schema.ts';
import type { Actor } from '../../db/scope.ts';
import { AppError } from '../../lib/errors.ts';

export type OwnPatient = { id: number; clinicId: number; userId: number; timezone: string; status: string };

/**
 * The patient record behind a signed-in patient account. Every patient call goes through here, so a patient only
 * ever reaches their own data; a removed patient has no record to reach.
 */
export async function findOwnPatient(db: DbOrTx, actor: Actor): Promise<OwnPatient> {
  if (actor.role !== 'patient') throw new AppError('forbidden');
  const own = await ownPatientOf(db, actor);
  if (!own) throw new AppError('not_found', 'No patient record belongs to this account');
  return own;
}

/** The same record, or undefined, for checks that answer "not yours" themselves (e.g. a chat session's owner). */
export async function ownPatientOf(db: DbOrTx, actor: Actor): Promise<OwnPatient | undefined> {
  if (actor.role !== 'patient') return undefined;
  const [row] = await db
    .select({
      id: patients.id,
      clinicId: patients.clinicId,
      timezone: clinics.timezone,
      status: patients.status,
    })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .where(and(eq(patients.userId, actor.id), eq(patients.clinicId, actor.clinicId), ne(patients.status, 'removed')))
    .limit(1);
  return row ? { ...row, userId: actor.id } : undefined;
}
