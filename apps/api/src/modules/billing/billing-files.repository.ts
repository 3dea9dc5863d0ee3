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

/** A stored billing file without its bytes. */
export type BillingFileInfo = { id: number; name: string; source: BillingFileSource; createdAt: Date };

export type NewBillingFile = {
  clinicId: number;
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

/** The billing files of a clinic's months, every version kept (the newest is the month's), and its closed months. */
export function createBillingFilesRepository(db: DbOrTx) {
  const newestOf = (clinicId: number, month: string) =>
    and(eq(billingFiles.clinicId, clinicId), eq(billingFiles.month, month));

  return {
    /**
     * Holds a clinic month's files until the transaction ends: a sign-off, an admin's new version and an upload of
     * the same month run one after the other, so none lands beside a sign-off it did not see.
     */
    async lockMonth(clinicId: number, month: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-month:${clinicId}:${month}`}))`);
    },

    async newest(clinicId: number, month: string): Promise<BillingFileInfo | undefined> {
      const [row] = await db
        .select(info)
        .from(billingFiles)
        .where(newestOf(clinicId, month))
        .orderBy(desc(billingFiles.id))
        .limit(1);
      return row;
    },

    async newestWithContent(
      clinicId: number,
      month: string,
    ): Promise<(BillingFileInfo & { content: Uint8Array }) | undefined> {
      const [row] = await db
        .select({ ...info, content: billingFiles.content })
        .from(billingFiles)
        .where(newestOf(clinicId, month))
        .orderBy(desc(billingFiles.id))
        .limit(1);
      return row;
    },

    async insert(file: NewBillingFile): Promise<BillingFileInfo> {
      const [row] = await db.insert(billingFiles).values(file).returning(info);
      return row!;
    },

    /**
     * Closes the clinic's month unless it is closed already; answers whether this call closed it. Two servers
     * closing at once: the second waits on the first's row and, once the first commits, closes nothing.
     */
    async closeMonth(clinicId: number, month: string): Promise<boolean> {
      const rows = await db
        .insert(billingMonthCloses)
        .values({ clinicId, month })
        .onConflictDoNothing()
        .returning({ month: billingMonthCloses.month });
      return rows.length === 1;
    },

    /** Files the closed month: the file made for it, the figures it was made from, and when (decision 1285). */
    async setClosedMonthFile(
      clinicId: number,
      month: string,
      filed: { fileId: number; figures: SignedFigures; at: Date },
    ) {
      await db
        .update(billingMonthCloses)
        .set({ fileId: filed.fileId, figures: filed.figures, filedAt: filed.at })
        .where(and(eq(billingMonthCloses.clinicId, clinicId), eq(billingMonthCloses.month, month)));
    },

    /** Shows the round '1' badge to the clinic's staff until each of them dismisses it. */
    async raiseBadge(clinicId: number) {
      await db
        .update(users)
        .set({ isNewBillingUploaded: true })
        .where(and(eq(users.clinicId, clinicId), inArray(users.role, [...badgeRoles])));
    },

    async timezoneOf(clinicId: number): Promise<string | undefined> {
      const [row] = await db.select({ timezone: clinics.timezone }).from(clinics).where(eq(clinics.id, clinicId));
      return row?.timezone;
    },

    /** Every clinic with its timezone and its latest closed month (null: none yet). */
    async clinicsWithLastClose() {
      return db
        .select({
          id: clinics.id,
          timezone: clinics.timezone,
          lastClosed: max(billingMonthCloses.month),
        })
        .from(clinics)
        .leftJoin(billingMonthCloses, eq(billingMonthCloses.clinicId, clinics.id))
        .groupBy(clinics.id);
    },
  };
}
