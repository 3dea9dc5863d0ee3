import type { CurrentUser, StaffMember } from '@rehabit/contract';
import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { runPrepared } from '../../db/prepared.ts';
import { clinics, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

const userWithClinic = {
  id: users.id,
  clinicId: users.clinicId,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  approvalStatus: users.approvalStatus,
  hasAccess: users.hasAccess,
  isFeatureNotificationOn: users.isFeatureNotificationOn,
  isNewBillingUploaded: users.isNewBillingUploaded,
  createdAt: users.createdAt,
  clinicCode: clinics.code,
  clinicName: clinics.name,
  clinicSupervisorUserId: clinics.supervisorUserId,
};
export type UserRow = {
  id: number;
  clinicId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: CurrentUser['role'];
  approvalStatus: StaffMember['status'];
  hasAccess: boolean;
  isFeatureNotificationOn: boolean;
  isNewBillingUploaded: boolean;
  createdAt: Date;
  clinicCode: string;
  clinicName: string;
  clinicSupervisorUserId: number | null;
};

export const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export const toCurrentUser = (u: UserRow): CurrentUser => ({
  id: u.id,
  code: u.clinicCode,
  role: u.role,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  display_name: displayName(u),
  clinic_name: u.clinicName,
  is_feature_notification_on: u.isFeatureNotificationOn,
  is_new_billing_uploaded: u.isNewBillingUploaded,
});

export const toStaffMember = (u: UserRow): StaffMember => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  display_name: displayName(u),
  role: u.role,
  code: u.clinicCode,
  clinic_name: u.clinicName,
  status: u.approvalStatus,
  has_access: u.hasAccess,
  created_at: u.createdAt.toISOString(),
});

export type StaffQuery = {
  roles: CurrentUser['role'][];
  status?: StaffMember['status'];
  hasAccess?: boolean;
  search?: string;
  page: number;
  pageSize: number;
};

/**
 * Read on every page load (the signed-in user): one named statement, planned once per connection, whose rows need no
 * mapping but their time (decision 1465).
 */
const FIND_IN_CLINIC_SQL = `select u.id, u.clinic_id as "clinicId", u.email, u.password_hash as "passwordHash",
  u.first_name as "firstName", u.last_name as "lastName", u.role, u.approval_status as "approvalStatus",
  u.has_access as "hasAccess", u.is_feature_notification_on as "isFeatureNotificationOn",
  u.is_new_billing_uploaded as "isNewBillingUploaded", u.created_at as "createdAt", c.code as "clinicCode",
  c.name as "clinicName", c.supervisor_user_id as "clinicSupervisorUserId"
  from users u join clinics c on c.id = u.clinic_id
  where u.id = $1 and u.clinic_id = $2 limit 1`;

/** An account's columns as a write gives them: its clinic is the repository's scope's, never the caller's. */
export type NewUser = Omit<typeof users.$inferInsert, 'clinicId'>;
export type UserChange = Partial<NewUser>;

/**
 * Accounts of the clinics the scope reaches (decision 1340). An account found by its e-mail before any clinic is
 * known (sign-in, sign-up, a password reset, whether an e-mail is taken) is asked with `crossClinic('sign-in')`.
 */
export const createUsersRepository = (db: DbOrTx, scope: ClinicScope) => {
  const selectUsers = () =>
    db.select(userWithClinic).from(users).innerJoin(clinics, eq(clinics.id, users.clinicId)).$dynamic();
  const reached = inScope(users.clinicId, scope);

  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await selectUsers()
        .where(and(eq(users.email, email), reached))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<UserRow | undefined> {
      if (scope.kind === 'clinic' && !(db instanceof PgTransaction)) {
        const [row] = await runPrepared<UserRow>(db as Db, 'users_find_in_clinic', FIND_IN_CLINIC_SQL, [
          id,
          scope.clinicId,
        ]);
        return row && { ...row, createdAt: new Date(row.createdAt) };
      }
      const [row] = await selectUsers()
        .where(and(eq(users.id, id), reached))
        .limit(1);
      return row;
    },

    async findManyByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return selectUsers().where(and(inArray(users.id, ids), reached));
    },

    async listStaff(query: StaffQuery): Promise<{ rows: UserRow[]; count: number }> {
      const conditions: SQL[] = [reached, inArray(users.role, query.roles)];
      if (query.status) conditions.push(eq(users.approvalStatus, query.status));
      if (query.hasAccess !== undefined) conditions.push(eq(users.hasAccess, query.hasAccess));
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`;
        conditions.push(
          or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern))!,
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        selectUsers()
          .where(where)
          .orderBy(users.lastName, users.firstName, users.id)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(users).innerJoin(clinics, eq(clinics.id, users.clinicId)).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** Inserts the account, in the scope's clinic, unless its e-mail is taken already (then nothing happens). */
    async insertUnlessTaken(values: NewUser) {
      await db
        .insert(users)
        .values({ ...values, clinicId: clinicIdOf(scope) })
        .onConflictDoNothing();
    },

    /** A new account in the scope's clinic. */
    async insert(values: NewUser): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ ...values, clinicId: clinicIdOf(scope) })
        .returning({ id: users.id });
      return row!.id;
    },

    /** Changes the account if the scope reaches it; another clinic's account stays as it is. */
    async update(id: number, values: UserChange) {
      await db
        .update(users)
        .set(values)
        .where(and(eq(users.id, id), reached));
    },

    /** Changes those of the accounts the scope reaches. */
    async updateMany(ids: number[], values: UserChange) {
      if (ids.length > 0)
        await db
          .update(users)
          .set(values)
          .where(and(inArray(users.id, ids), reached));
    },
  };
};
