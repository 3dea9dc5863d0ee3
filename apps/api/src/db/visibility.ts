import { can } from '@rehabit/contract';
import type { AnyColumn, Placeholder } from 'drizzle-orm';
import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { patients, programTemplates, videoFolders, videos } from './schema.ts';
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
export const ownPatientOf = (userId: number | Placeholder, scope: ClinicScope | PreparedClinicScope): SQL =>
  and(eq(patients.userId, userId), patientVisibleIn(scope))!;

/**
 * Videos a scope may use, and prescribe: its clinic's own library and the global one (no clinic's, usable by every
 * clinic); a cross-clinic scope (platform admins, the video host) reaches every clinic's.
 */
export const videoUsableIn = (scope: ClinicScope): SQL =>
  scope.kind === 'all' ? sql`true` : or(eq(videos.clinicId, scope.clinicId), isNull(videos.clinicId))!;

/**
 * Who looks at library folders: a folder is its owner's alone until shared with the clinic, except to platform
 * staff, who see every folder of the clinics they reach (`allFolders`).
 */
export type FolderViewer = { userId: number; allFolders: boolean };

export const folderViewerOf = (actor: Pick<Actor, 'id' | 'role'>): FolderViewer => ({
  userId: actor.id,
  allFolders: can(actor.role, 'clinics.all'),
});

/** Folders of the scope's clinics the viewer sees: their own and those shared with the clinic (platform staff: all). */
export const folderVisibleIn = (scope: ClinicScope, viewer: FolderViewer): SQL =>
  and(
    scope.kind === 'all' ? sql`true` : eq(videoFolders.clinicId, scope.clinicId),
    viewer.allFolders ? undefined : or(eq(videoFolders.ownerUserId, viewer.userId), eq(videoFolders.isShared, true)),
  )!;

/**
 * Program templates of the scope's clinics a staff member sees (decision 1400): their own, and those shared with the
 * clinic. A private template is its owner's alone, whoever else asks, platform staff included.
 */
export const templateVisibleIn = (scope: ClinicScope, viewerUserId: number): SQL =>
  and(
    scope.kind === 'all' ? sql`true` : eq(programTemplates.clinicId, scope.clinicId),
    or(eq(programTemplates.ownerUserId, viewerUserId), eq(programTemplates.visibility, 'clinic')),
  )!;

/**
 * Videos a template of a clinic may hold: that clinic's own and the global library's, whatever the reader's scope, so
 * a template never shows a video of a clinic it does not belong to.
 */
export const videoUsableByTemplate = (templateClinicId: SQL | AnyColumn): SQL =>
  or(isNull(videos.clinicId), eq(videos.clinicId, templateClinicId))!;
