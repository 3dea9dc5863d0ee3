import type { Role } from '@rehabit/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingRates, clinics, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

/** A staff member as billing sees them: who, in which role, and the two values billing keeps on them. */
export type BillingStaffRow = {
  id: number;
  firstName: string;
  lastName: string;
  role: Role;
  approvalStatus: 'pending' | 'approved' | 'rejected';
  npi: string | null;
  isAssistant: boolean;
};

/** Roles whose monitored time bills under their name (decision 0802): therapists and supervisors. */
export const renderingRoles = ['therapist', 'supervisor'] as const satisfies readonly Role[];

const staffColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  approvalStatus: users.approvalStatus,
  npi: users.npi,
  isAssistant: users.isAssistant,
};

/** A clinic's billing settings and staff, built with that clinic's scope (decision 1340). */
export function createBillingSettingsRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /**
     * The clinic's timezone, its row held until the transaction ends: two changes of one clinic's settings run one
     * after the other, so each audits the values it really replaced.
     */
    async lockClinic(): Promise<{ timezone: string; monitoringRateCents: number | null }> {
      const [row] = await db
        .select({ timezone: clinics.timezone, monitoringRateCents: clinics.monitoringRateCents })
        .from(clinics)
        .where(eq(clinics.id, clinicIdOf(scope)))
        .for('update');
      return row!;
    },

    async setClinicValues(values: { timezone?: string; monitoringRateCents?: number | null }) {
      await db
        .update(clinics)
        .set(values)
        .where(eq(clinics.id, clinicIdOf(scope)));
    },

    /** The clinic's approved therapists and supervisors, whose time bills under their name, by name. */
    async renderingStaff(): Promise<BillingStaffRow[]> {
      return db
        .select(staffColumns)
        .from(users)
        .where(
          and(
            inScope(users.clinicId, scope),
            inArray(users.role, renderingRoles),
            eq(users.approvalStatus, 'approved'),
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    },

    /** The clinic's accounts among `ids`, whatever their role; other clinics' are left out. */
    async accountsOfClinic(ids: number[]): Promise<BillingStaffRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(staffColumns)
        .from(users)
        .where(and(inScope(users.clinicId, scope), inArray(users.id, ids)));
    },

    /** A staff member's NPI and assistant flag; the clinic is in the condition too, never only the id. */
    async updateStaff(userId: number, values: { npi?: string | null; isAssistant?: boolean }) {
      await db
        .update(users)
        .set(values)
        .where(and(eq(users.id, userId), inScope(users.clinicId, scope)));
    },

    /** Sets the clinic's own rates (cents), replacing any it had for the same year and code. */
    async upsertRates(rates: { year: number; code: string; rateCents: number }[], by: { userId: number; at: Date }) {
      if (rates.length === 0) return;
      const clinicId = clinicIdOf(scope);
      await db
        .insert(billingRates)
        .values(rates.map((rate) => ({ clinicId, ...rate, updatedBy: by.userId, updatedAt: by.at })))
        .onConflictDoUpdate({
          target: [billingRates.clinicId, billingRates.year, billingRates.code],
          set: {
            rateCents: sql`excluded.rate_cents`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },
  };
}
