import { can, type Role } from '@rehabit/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Who is asking. The data they may reach is their scope (`scopeOf`), which their repositories are built with. */
export type Actor = { id: number; clinicId: number; clinicCode: string; role: Role };

/**
 * Why a repository may reach every clinic's rows (decision 1340). Each cross-clinic use names its purpose, so that a
 * reader can find every one of them by searching for `crossClinic(`.
 */
export type CrossClinicPurpose =
  /** Platform staff work across clinics (`clinics.all`). */
  | 'platform admin'
  /**
   * What a caller presents before any clinic is known (an e-mail, a session's token, a clinic's code), and whether an
   * e-mail is taken, which is asked of every clinic because an e-mail signs in to one account.
   */
  | 'sign-in'
  /** Scheduled work that sweeps every clinic, each found row then handled in its own clinic's scope. */
  | 'scheduled job'
  /** The platform's support account, which staff of every clinic chat with for help. */
  | 'support account'
  /** The video host, which knows a video by its file id from a signed upload. */
  | 'video host'
  /** The demo data, written for every clinic it makes. */
  | 'demo seed'
  /**
   * A referral invitation found by the address it was sent to or the account it brought, whichever clinic sent it:
   * one open invitation an address, and a colleague who joins another clinic still counts (decision 1010).
   */
  | 'referral'
  /** A STOP or START text reply, or an e-mail's unsubscribe link: a phone number or a signed patient, no clinic. */
  | 'reminder opt-out'
  /**
   * A phone's push subscription, known by the address its browser gave, whichever clinic's patient had it before: a
   * phone another patient signs in on is theirs from then on (decision 1365).
   */
  | 'push device';

/**
 * The clinics a repository reaches, fixed when it is built: one clinic, or every clinic for a named purpose. No
 * repository method takes a clinic id from its caller; each narrows its rows by the scope it was built with.
 */
export type ClinicScope = { kind: 'clinic'; clinicId: number } | { kind: 'all'; purpose: CrossClinicPurpose };

export const clinicScope = (clinicId: number): ClinicScope => ({ kind: 'clinic', clinicId });

export const crossClinic = (purpose: CrossClinicPurpose): ClinicScope => ({ kind: 'all', purpose });

/** Admins are platform staff and see every clinic (`clinics.all`); everyone else sees only their own. */
export const scopeOf = (actor: Pick<Actor, 'role' | 'clinicId'>): ClinicScope =>
  can(actor.role, 'clinics.all') ? crossClinic('platform admin') : clinicScope(actor.clinicId);

/**
 * The scope narrowed to one clinic it reaches, for work that belongs to that clinic (an admin billing a named
 * clinic); undefined when the scope does not reach it, which the caller answers as not found.
 */
export const narrowTo = (scope: ClinicScope, clinicId: number): ClinicScope | undefined =>
  scope.kind === 'all' || scope.clinicId === clinicId ? clinicScope(clinicId) : undefined;

/**
 * The one clinic of a scope, for a repository whose every row belongs to a single clinic (a write, a month's
 * billing). A cross-clinic scope must be narrowed first: reaching here with one is a defect of the caller.
 */
export function clinicIdOf(scope: ClinicScope): number {
  if (scope.kind === 'all') throw new Error(`one clinic is needed, but the scope is cross-clinic (${scope.purpose})`);
  return scope.clinicId;
}

/** The condition that keeps a query inside the scope; add it to every query on clinic data. */
export const inScope = (clinicColumn: AnyPgColumn, scope: ClinicScope): SQL =>
  scope.kind === 'all' ? sql`true` : eq(clinicColumn, scope.clinicId);
