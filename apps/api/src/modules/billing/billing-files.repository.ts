import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type BillingFileSource,
  billingFiles,
  billingMonthCloses,
  clinics,
  type SignedFigures,
  users,
} from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

/** A stored billing file without its bytes. */
export type BillingFileInfo = { id: number; name: string; source: BillingFileSource; createdAt: Date };

/** A new version of a month's file, stored in the repository's clinic. */
export type NewBillingFile = {
  month: string;
  name: string;
  content: Uint8Array;
  source: BillingFileSource;
  createdBy: number | null;
};

const info = {
  id: billingFiles.id,
  name: billingFiles.name,
  source: billingFiles.source,
  createdAt: billingFiles.createdAt,
};

/** The clinic's staff who see the billing badge: never patients, and admins are not clinic staff. */
const badgeRoles = ['therapist', 'manager', 'supervisor'] as const;

/**
 * The billing files of a clinic's months, every version kept (the newest is the month's), and its closed months.
 * Built with one clinic's scope (decision 1340), a month being one clinic's; the month-close job finds the clinics to
 * close with a cross-clinic one (`clinicsWithLastClose`), then closes each in its own.
 */
export function createBillingFilesRepository(db: DbOrTx, scope: ClinicScope) {
  const newestOf = (month: string) => and(eq(billingFiles.clinicId, clinicIdOf(scope)), eq(billingFiles.month, month));

  return {
    /**
     * Holds a clinic month's files until the transaction ends: a sign-off, an admin's new version and an upload of
     * the same month run one after the other, so none lands beside a sign-off it did not see.
     */
    async lockMonth(month: string) {
      const clinicId = clinicIdOf(scope);
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-month:${clinicId}:${month}`}))`);
    },

    async newest(month: string): Promise<BillingFileInfo | undefined> {
      const [row] = await db
        .select(info)
        .from(billingFiles)
        .where(newestOf(month))
        .orderBy(desc(billingFiles.id))
        .limit(1);
      return row;
    },

    async newestWithContent(month: string): Promise<(BillingFileInfo & { content: Uint8Array }) | undefined> {
      const [row] = await db
        .select({ ...info, content: billingFiles.content })
        .from(billingFiles)
        .where(newestOf(month))
        .orderBy(desc(billingFiles.id))
        .limit(1);
      return row;
    },

    async insert(file: NewBillingFile): Promise<BillingFileInfo> {
      const [row] = await db
        .insert(billingFiles)
        .values({ ...file, clinicId: clinicIdOf(scope) })
        .returning(info);
      return row!;
    },

    /**
     * Closes the clinic's month unless it is closed already; answers whether this call closed it. Two servers
     * closing at once: the second waits on the first's row and, once the first commits, closes nothing.
     */
    async closeMonth(month: string): Promise<boolean> {
      const rows = await db
        .insert(billingMonthCloses)
        .values({ clinicId: clinicIdOf(scope), month })
        .onConflictDoNothing()
        .returning({ month: billingMonthCloses.month });
      return rows.length === 1;
    },

    /** Files the closed month: the file made for it, the figures it was made from, and when (decision 1285). */
    async setClosedMonthFile(month: string, filed: { fileId: number; figures: SignedFigures; at: Date }) {
      await db
        .update(billingMonthCloses)
        .set({ fileId: filed.fileId, figures: filed.figures, filedAt: filed.at })
        .where(and(eq(billingMonthCloses.clinicId, clinicIdOf(scope)), eq(billingMonthCloses.month, month)));
    },

    /** Shows the round '1' badge to the clinic's staff until each of them dismisses it. */
    async raiseBadge() {
      await db
        .update(users)
        .set({ isNewBillingUploaded: true })
        .where(and(eq(users.clinicId, clinicIdOf(scope)), inArray(users.role, [...badgeRoles])));
    },

    /** The clinic's timezone, whose calendar says when its month has ended. */
    async timezoneOf(): Promise<string | undefined> {
      const [row] = await db
        .select({ timezone: clinics.timezone })
        .from(clinics)
        .where(eq(clinics.id, clinicIdOf(scope)));
      return row?.timezone;
    },

    /** Every clinic of the scope with its timezone and its latest closed month (null: none yet). */
    async clinicsWithLastClose() {
      return db
        .select({
          id: clinics.id,
          timezone: clinics.timezone,
          lastClosed: max(billingMonthCloses.month),
        })
        .from(clinics)
        .leftJoin(billingMonthCloses, eq(billingMonthCloses.clinicId, clinics.id))
        .where(inScope(clinics.id, scope))
        .groupBy(clinics.id);
    },
  };
}
