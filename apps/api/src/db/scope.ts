import { can, type Role } from '@rehabit/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Who is asking: every repository narrows its queries with the actor's clinic scope. */
export type Actor = { id: number; clinicId: number; clinicCode: string; role: Role };

export type ClinicScope = { kind: 'all' } | { kind: 'clinic'; clinicId: number };

/** Admins are platform staff and see every clinic (`clinics.all`); everyone else sees only their own. */
export const scopeOf = (actor: Pick<Actor, 'role' | 'clinicId'>): ClinicScope =>
  can(actor.role, 'clinics.all') ? { kind: 'all' } : { kind: 'clinic', clinicId: actor.clinicId };

export const clinicScope = (clinicId: number): ClinicScope => ({ kind: 'clinic', clinicId });

/** The condition that keeps a query inside the scope; add it to every query on clinic data. */
export const inScope = (clinicColumn: AnyPgColumn, scope: ClinicScope): SQL =>
  scope.kind === 'all' ? sql`true` : eq(clinicColumn, scope.clinicId);
