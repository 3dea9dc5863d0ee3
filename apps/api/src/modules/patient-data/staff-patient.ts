import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, patients } from '../../db/schema.ts';
import { type Actor, inScope, scopeOf } from '../../db/scope.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';

/** The patient a staff call is about, with what day arithmetic needs: the clinic's timezone and the birthday. */
export type ProgramPatient = { id: number; clinicId: number; timezone: string; birthday: string; status: string };

export type Ctx = { ip: string | null };

export async function findPatientInScope(db: DbOrTx, actor: Actor, patientId: number) {
  const [row] = await db
    .select({
      id: patients.id,
      clinicId: patients.clinicId,
      timezone: clinics.timezone,
      birthday: patients.birthday,
      status: patients.status,
    })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .where(and(eq(patients.id, patientId), inScope(patients.clinicId, scopeOf(actor)), ne(patients.status, 'removed')))
    .limit(1);
  return (row as ProgramPatient | undefined) ?? null;
}

/** Changes to one patient's program are serialised on the patient row, so caps and positions stay exact. */
export async function lockPatient(tx: DbOrTx, patientId: number) {
  await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('update');
}

/**
 * A staff member's patient: in the caller's clinic (admins: any) and not removed. Anything else is not found,
 * and the refused attempt is audited like any PHI access.
 */
export async function requirePatient(
  db: DbOrTx,
  audit: AuditLog,
  actor: Actor,
  patientId: number,
  action: string,
  ctx: Ctx,
): Promise<ProgramPatient> {
  const patient = await findPatientInScope(db, actor, patientId);
  if (!patient) {
    await patientAudit(audit).denied(actor, action, ctx, { patient_id: patientId });
    throw notFound('patient');
  }
  return patient;
}
