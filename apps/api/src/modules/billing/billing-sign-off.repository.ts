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
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

export type { CodeTotal, SignedFigures } from '../../db/schema.ts';
export type SignOffRow = typeof billingSignOffs.$inferSelect;
/** A sign-off of a month, signed in the repository's clinic. */
export type NewSignOff = Omit<typeof billingSignOffs.$inferInsert, 'clinicId'>;

/** A staff member's name as every screen shows it (`displayName`), read in the same statement. */
const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;

/**
 * The closes and sign-offs of a clinic's months, and the inputs of a closed month that changed after it was filed.
 * Built with that clinic's scope (decision 1340): a month, its close and its sign-off are one clinic's.
 */
export function createBillingSignOffRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    async find(month: string): Promise<SignOffRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSignOffs)
        .where(and(eq(billingSignOffs.clinicId, clinicIdOf(scope)), eq(billingSignOffs.month, month)));
      return row;
    },

    /**
     * The frozen totals per code of the given months, without their patients' rows: what the year's chart draws. A
     * signed month's are the signed ones, a closed month's those it was filed with (decision 1285).
     */
    frozenCodesOf(months: string[]): Promise<{ month: string; codes: CodeTotal[] }[]> {
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
            eq(billingMonthCloses.clinicId, clinicIdOf(scope)),
            inArray(billingMonthCloses.month, months),
            or(isNotNull(billingSignOffs.month), isNotNull(billingMonthCloses.figures)),
          ),
        );
    },

    /** Signs unless the month is signed already; answers whether this call signed it (two at once: one does). */
    async insert(row: NewSignOff): Promise<boolean> {
      const rows = await db
        .insert(billingSignOffs)
        .values({ ...row, clinicId: clinicIdOf(scope) })
        .onConflictDoNothing()
        .returning({ month: billingSignOffs.month });
      return rows.length === 1;
    },

    /** The month's close, with the figures it was filed with and when (null for months closed before they were). */
    async closeOf(month: string) {
      const [row] = await db
        .select({
          fileId: billingMonthCloses.fileId,
          figures: billingMonthCloses.figures,
          filedAt: billingMonthCloses.filedAt,
        })
        .from(billingMonthCloses)
        .where(and(eq(billingMonthCloses.clinicId, clinicIdOf(scope)), eq(billingMonthCloses.month, month)));
      return row;
    },

    /** The name of a file of the clinic's, by the id a sign-off of it names. */
    async fileName(fileId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ name: billingFiles.name })
        .from(billingFiles)
        .where(and(eq(billingFiles.id, fileId), inScope(billingFiles.clinicId, scope)));
      return row?.name;
    },

    /** The name of a member of the clinic's staff: the supervisor who signs, who signs only their own clinic's. */
    async staffName(userId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ name: fullName(users) })
        .from(users)
        .where(and(eq(users.id, userId), inScope(users.clinicId, scope)));
      return row?.name;
    },

    /**
     * The clinic's calls dated in the month that were logged or deleted after `since` (back-dated into a closed
     * month, or taken out of it), with who did it and the patient's name.
     */
    async callsChangedSince(month: { first: string; last: string }, since: Date) {
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
            inScope(interactionLogs.clinicId, scope),
            inScope(patients.clinicId, scope),
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
    async ratesChangedSince(year: number, since: Date) {
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
          and(inScope(billingRates.clinicId, scope), eq(billingRates.year, year), gt(billingRates.updatedAt, since)),
        );
    },
  };
}
