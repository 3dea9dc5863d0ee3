import { can } from '@rehabit/contract';
import type { Placeholder } from 'drizzle-orm';
import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { patients, videoFolders, videos } from './schema.ts';
import type { Actor, ClinicScope } from './scope.ts';

// What a caller may see of clinic data, each rule written once: every repository query that reaches these rows
// by id or lists them starts from one of these conditions.

/** A clinic's scope with its id still to come, for a prepared statement. */
type PreparedClinicScope = { kind: 'clinic'; clinicId: Placeholder };

/**
 * Patients visible in a scope: those of the scope's clinic (an admin's: every clinic), never a removed one, who
 * is gone for everyone but the audit trail.
 */
export const patientVisibleIn = (scope: ClinicScope | PreparedClinicScope): SQL =>
  and(scope.kind === 'all' ? sql`true` : eq(patients.clinicId, scope.clinicId), ne(patients.status, 'removed'))!;

/** The patient record of a signed-in patient account: their own, in the scope (their clinic), and not removed. */
export const ownPatientOf = (userId: number, scope: ClinicScope): SQL =>
  and(eq(patients.userId, userId), patientVisibleIn(scope))!;

/** Videos a clinic may use, and prescribe: its own library and the global one. */
export const videoUsableIn = (clinicId: number): SQL => or(eq(videos.clinicId, clinicId), isNull(videos.clinicId))!;

/** Videos the actor may see: what their clinic may use; admins see every clinic's. */
export const videoVisibleTo = (actor: Actor): SQL =>
  can(actor.role, 'clinics.all') ? sql`true` : videoUsableIn(actor.clinicId);

/** Folders the actor may see: their own and those shared with their clinic; admins see all. */
export const folderVisibleTo = (actor: Actor): SQL =>
  can(actor.role, 'clinics.all')
    ? sql`true`
    : or(
        eq(videoFolders.ownerUserId, actor.id),
        and(eq(videoFolders.clinicId, actor.clinicId), eq(videoFolders.isShared, true)),
      )!;
