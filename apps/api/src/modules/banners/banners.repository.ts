import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { bannerSnoozes, hepItems } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

type SnoozeRow = { banner: string; snoozedUntil: Date; cause: string };

/**
 * Banner snoozes and what the banners read beyond the billing inputs. Every query keeps to the scope, and a snooze
 * is written into the scope's one clinic (decision 1340).
 */
export function createBannersRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /** One staff member's snoozes of one patient, live or not (the rules decide which still hide a banner). */
    async snoozesOf(patientId: number, userId: number): Promise<SnoozeRow[]> {
      return db
        .select({ banner: bannerSnoozes.banner, snoozedUntil: bannerSnoozes.snoozedUntil, cause: bannerSnoozes.cause })
        .from(bannerSnoozes)
        .where(
          and(
            eq(bannerSnoozes.patientId, patientId),
            eq(bannerSnoozes.userId, userId),
            inScope(bannerSnoozes.clinicId, scope),
          ),
        );
    },

    /**
     * Snoozes a banner, or snoozes it again: one row per patient, staff member and banner, in the scope's clinic; a
     * snooze of another clinic is left as it is, and nothing is written for a patient of another clinic.
     */
    async upsert(values: Omit<typeof bannerSnoozes.$inferInsert, 'clinicId'>) {
      if (!(await allPatientsInScope(db, scope, [values.patientId]))) return;
      const clinicId = clinicIdOf(scope);
      await db
        .insert(bannerSnoozes)
        .values({ ...values, clinicId })
        .onConflictDoUpdate({
          target: [bannerSnoozes.patientId, bannerSnoozes.userId, bannerSnoozes.banner],
          set: { snoozedUntil: values.snoozedUntil, cause: values.cause, updatedAt: sql`now()` },
          setWhere: eq(bannerSnoozes.clinicId, clinicId),
        });
    },

    /** The last instant an exercise of the patient's program was added, changed or deleted; null without any. */
    async lastProgramChange(patientId: number): Promise<Date | null> {
      const [row] = await db
        .select({
          at: sql<
            string | null
          >`max(greatest(${hepItems.createdAt}, ${hepItems.updatedAt}, coalesce(${hepItems.deletedAt}, ${hepItems.createdAt})))`,
        })
        .from(hepItems)
        .where(and(eq(hepItems.patientId, patientId), inScope(hepItems.clinicId, scope)));
      return row?.at ? new Date(row.at) : null;
    },
  };
}
