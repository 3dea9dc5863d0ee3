import { type AnyColumn, and, eq, gt, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  billingFiles,
  billingMonthCloses,
  billingRates,
  billingSignOffs,
  type CodeTotal,
  interactionLogs,
  patients,
  users,
} from '../../db/schema.ts';

export type { CodeTotal, SignedFigures } from '../../db/schema.ts';
export type SignOffRow = typeof billingSignOffs.$inferSelect;
export type NewSignOff = typeof billingSignOffs.$inferInsert;

/** A staff member's name as every screen shows it (`displayName`), read in the same statement. */
const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;

/** The closes and sign-offs of a clinic's months, and the inputs of a closed month that changed after it was filed. */
export function createBillingSignOffRepository(db: DbOrTx) {
  return {
    async find(clinicId: number, month: string): Promise<SignOffRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSignOffs)
        .where(and(eq(billingSignOffs.clinicId, clinicId), eq(billingSignOffs.month, month)));
      return row;
    },

    /**
     * The frozen totals per code of the given months, without their patients' rows: what the year's chart draws. A
     * signed month's are the signed ones, a closed month's those it was filed with (decision 1285).
     */
    frozenCodesOf(clinicId: number, months: string[]): Promise<{ month: string; codes: CodeTotal[] }[]> {
      if (months.length === 0) return Promise.resolve([]);
      const codes = sql<CodeTotal[]>`coalesce(${billingSignOffs.figures}, ${billingMonthCloses.figures}) -> 'codes'`;
      return db
        .select({ month: billingMonthCloses.month, codes })
        .from(billingMonthCloses)
        .leftJoin(
          billingSignOffs,
          and(
            eq(billingSignOffs.clinicId, billingMonthCloses.clinicId),
            eq(billingSignOffs.month, billingMonthCloses.month),
          ),
        )
        .where(
          and(
            eq(billingMonthCloses.clinicId, clinicId),
            inArray(billingMonthCloses.month, months),
            or(isNotNull(billingSignOffs.month), isNotNull(billingMonthCloses.figures)),
          ),
        );
    },

    /** Signs unless the month is signed already; answers whether this call signed it (two at once: one does). */
    async insert(row: NewSignOff): Promise<boolean> {
      const rows = await db
        .insert(billingSignOffs)
        .values(row)
        .onConflictDoNothing()
        .returning({ month: billingSignOffs.month });
      return rows.length === 1;
    },

    /** The month's close, with the figures it was filed with and when (null for months closed before they were). */
    async closeOf(clinicId: number, month: string) {
      const [row] = await db
        .select({
          fileId: billingMonthCloses.fileId,
          figures: billingMonthCloses.figures,
          filedAt: billingMonthCloses.filedAt,
        })
        .from(billingMonthCloses)
        .where(and(eq(billingMonthCloses.clinicId, clinicId), eq(billingMonthCloses.month, month)));
      return row;
    },

    async fileName(fileId: number): Promise<string | undefined> {
      const [row] = await db.select({ name: billingFiles.name }).from(billingFiles).where(eq(billingFiles.id, fileId));
      return row?.name;
    },

    async staffName(userId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ name: fullName(users) })
        .from(users)
        .where(eq(users.id, userId));
      return row?.name;
    },

    /**
     * The clinic's calls dated in the month that were logged or deleted after `since` (back-dated into a closed
     * month, or taken out of it), with who did it and the patient's name.
     */
    async callsChangedSince(clinicId: number, month: { first: string; last: string }, since: Date) {
      const logger = alias(users, 'logger');
      const deleter = alias(users, 'deleter');
      return db
        .select({
          date: interactionLogs.date,
          kind: interactionLogs.kind,
          minutes: interactionLogs.minutes,
          createdAt: interactionLogs.createdAt,
          deletedAt: interactionLogs.deletedAt,
          loggedBy: fullName(logger),
          deletedBy: fullName(deleter),
          patient: { id: patients.id, first_name: patients.firstName, last_name: patients.lastName },
        })
        .from(interactionLogs)
        .innerJoin(patients, eq(patients.id, interactionLogs.patientId))
        .leftJoin(logger, eq(logger.id, interactionLogs.createdBy))
        .leftJoin(deleter, eq(deleter.id, interactionLogs.deletedBy))
        .where(
          and(
            eq(interactionLogs.clinicId, clinicId),
            gte(interactionLogs.date, month.first),
            lte(interactionLogs.date, month.last),
            or(
              gt(interactionLogs.createdAt, since),
              and(isNotNull(interactionLogs.deletedAt), gt(interactionLogs.deletedAt, since)),
            ),
          ),
        );
    },

    /** The clinic's own rates of a rule year changed after `since`, with who changed them. */
    async ratesChangedSince(clinicId: number, year: number, since: Date) {
      return db
        .select({
          code: billingRates.code,
          rateCents: billingRates.rateCents,
          updatedAt: billingRates.updatedAt,
          updatedBy: fullName(users),
        })
        .from(billingRates)
        .leftJoin(users, eq(users.id, billingRates.updatedBy))
        .where(
          and(eq(billingRates.clinicId, clinicId), eq(billingRates.year, year), gt(billingRates.updatedAt, since)),
        );
    },
  };
}
