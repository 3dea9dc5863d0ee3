import { type AuditAction, isPatientRole } from '@rehabit/contract';
import { type ClinicScope, clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import type { PatientWithClinicDay } from './patients.repository.ts';

// How a call reaches the one patient it is about, for every module: staff reach the patients visible in their
// scope, a patient reaches only their own record (the visibility rules are in db/visibility.ts).

/**
 * A staff member's patient: in the caller's clinic (admins: any) and not removed. Anything else is not found,
 * and the refused attempt is audited like any PHI access.
 */
export async function requirePatient(
  audit: AuditLog,
  actor: Caller,
  patientId: number,
  action: AuditAction,
  ctx: RequestContext,
): Promise<PatientWithClinicDay> {
  const patient = await actor.data.patients.findWithClinicDay(patientId);
  if (!patient) {
    await patientAudit(audit).denied(actor, action, ctx, { patient_id: patientId });
    throw notFound('patient');
  }
  return patient;
}

/**
 * The scope of work on one patient the caller has reached (through `requirePatient` or `findOwnPatient`): the
 * patient's own clinic, where the patient's records are read and written.
 */
export const patientScope = (patient: { clinicId: number }): ClinicScope => clinicScope(patient.clinicId);

/**
 * Changes to one patient's records are serialised on the patient row, so caps and positions stay exact: called inside
 * the change's transaction.
 */
export const lockPatient = (data: TxData, patient: { id: number; clinicId: number }) =>
  data.within(patientScope(patient)).patients.lock(patient.id);

export type OwnPatient = PatientWithClinicDay & { userId: number };

/**
 * The patient record behind a signed-in patient account. Every patient call goes through here, so a patient only
 * ever reaches their own data; a removed patient has no record to reach.
 */
export async function findOwnPatient(actor: Caller): Promise<OwnPatient> {
  if (!isPatientRole(actor.role)) throw new AppError('forbidden');
  const own = await ownPatientOf(actor);
  if (!own) throw new AppError('not_found', 'No patient record belongs to this account');
  return own;
}

/** The same record, or undefined, for checks that answer "not yours" themselves (e.g. a chat session's owner). */
export async function ownPatientOf(actor: Caller): Promise<OwnPatient | undefined> {
  if (!isPatientRole(actor.role)) return undefined;
  const row = await actor.data.patients.findOwn(actor.id);
  return row ? { ...row, userId: actor.id } : undefined;
}
