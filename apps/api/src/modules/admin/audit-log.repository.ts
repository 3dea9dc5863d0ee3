import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, clinics, patients, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

/**
 * What the log is narrowed to within the repository's scope (its clinic, or every clinic for platform staff); `days`
 * are calendar days `[from, to]` on the clocks of `timezone`.
 */
export type AuditLogFilter = {
  patientId?: number;
  userId?: number;
  action?: string;
  from?: string;
  to?: string;
  timezone: string;
};

export type AuditLogRow = {
  id: number;
  at: Date;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  actorUserId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorRole: string | null;
  clinicCode: string | null;
  patientId: number | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
};

const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  action: auditEvents.action,
  outcome: auditEvents.outcome,
  actorUserId: auditEvents.actorUserId,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorRole: users.role,
  clinicCode: clinics.code,
  patientId: auditEvents.patientId,
  ip: auditEvents.ip,
  detail: auditEvents.detail,
};

/**
 * The conditions of a filter. A day's bounds are the clinic's midnights, worked out by the database (daylight
 * saving included) as constants, so the indexes on `at` serve the range.
 */
function conditionsOf(scope: ClinicScope, filter: AuditLogFilter): SQL {
  const conditions: SQL[] = [inScope(auditEvents.clinicId, scope)];
  if (filter.patientId !== undefined) conditions.push(eq(auditEvents.patientId, filter.patientId));
  if (filter.userId !== undefined) conditions.push(eq(auditEvents.actorUserId, filter.userId));
  if (filter.action !== undefined) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.from) {
    conditions.push(gte(auditEvents.at, sql`(${filter.from}::date)::timestamp at time zone ${filter.timezone}`));
  }
  if (filter.to) {
    conditions.push(lt(auditEvents.at, sql`(${filter.to}::date + 1)::timestamp at time zone ${filter.timezone}`));
  }
  return and(...conditions)!;
}

/**
 * The append-only audit log as its readers see it: newest first, with who acted and in which clinic. Every query
 * keeps to the scope (decision 1340): a clinic's rows, or every clinic's for platform staff.
 */
export function createAuditLogRepository(db: DbOrTx, scope: ClinicScope) {
  const select = (filter: AuditLogFilter) =>
    db
      .select(columns)
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .leftJoin(clinics, eq(clinics.id, auditEvents.clinicId))
      .where(conditionsOf(scope, filter))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .$dynamic();

  return {
    async page(filter: AuditLogFilter, page: { page: number; pageSize: number }): Promise<AuditLogRow[]> {
      return select(filter)
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize);
    },

    /** At most `limit` rows from the newest, for an export. */
    async newest(filter: AuditLogFilter, limit: number): Promise<AuditLogRow[]> {
      return select(filter).limit(limit);
    },

    async count(filter: AuditLogFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(auditEvents)
        .where(conditionsOf(scope, filter));
      return row?.n ?? 0;
    },

    /**
     * The patients of these ids within the scope, each with its clinic: the patient filter's, and those the rows
     * read name, whose clinics the reading is filed under.
     */
    async patientsIn(patientIds: readonly number[]): Promise<{ id: number; clinicId: number }[]> {
      if (patientIds.length === 0) return [];
      return db
        .select({ id: patients.id, clinicId: patients.clinicId })
        .from(patients)
        .where(and(inArray(patients.id, [...patientIds]), inScope(patients.clinicId, scope)));
    },

    /** Whether an account is within the scope, for the filter of who acted. */
    async hasUser(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), inScope(users.clinicId, scope)))
        .limit(1);
      return Boolean(row);
    },
  };
}
