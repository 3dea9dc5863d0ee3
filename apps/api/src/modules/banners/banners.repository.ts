import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bannerSnoozes, hepItems } from '../../db/schema.ts';

type SnoozeRow = { banner: string; snoozedUntil: Date; cause: string };

/** Banner snoozes and what the banners read beyond the billing inputs; callers check the patient first. */
export function createBannersRepository(db: DbOrTx) {
  return {
    /** One staff member's snoozes of one patient, live or not (the rules decide which still hide a banner). */
    async snoozesOf(patientId: number, userId: number): Promise<SnoozeRow[]> {
      return db
        .select({ banner: bannerSnoozes.banner, snoozedUntil: bannerSnoozes.snoozedUntil, cause: bannerSnoozes.cause })
        .from(bannerSnoozes)
        .where(and(eq(bannerSnoozes.patientId, patientId), eq(bannerSnoozes.userId, userId)));
    },

    /** Snoozes a banner, or snoozes it again: one row per patient, staff member and banner. */
    async upsert(values: typeof bannerSnoozes.$inferInsert) {
      await db
        .insert(bannerSnoozes)
        .values(values)
        .onConflictDoUpdate({
          target: [bannerSnoozes.patientId, bannerSnoozes.userId, bannerSnoozes.banner],
          set: { snoozedUntil: values.snoozedUntil, cause: values.cause, updatedAt: sql`now()` },
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
        .where(eq(hepItems.patientId, patientId));
      return row?.at ? new Date(row.at) : null;
    },
  };
}
