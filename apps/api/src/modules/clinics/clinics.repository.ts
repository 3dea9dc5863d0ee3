import type { Clinic } from '@rehabit/contract';
import { and, asc, count, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { clinics, patients, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

export type ClinicRow = typeof clinics.$inferSelect;

export const toClinic = (row: ClinicRow, restrictedCode: string): Clinic => ({
  id: row.id,
  code: row.code,
  name: row.name,
  timezone: row.timezone,
  address: row.address,
  npi: row.npi,
  tin: row.tin,
  is_restricted: row.code === restrictedCode,
  supervisor_user_id: row.supervisorUserId,
});

/** A clinic with its supervisor and its counts, as the platform admin sees it. */
export type ClinicOverviewRow = ClinicRow & {
  supervisorFirstName: string | null;
  supervisorLastName: string | null;
  supervisorEmail: string | null;
  staffCount: number;
  patientsCount: number;
};

/** The clinic's columns, then its supervisor's name and e-mail and its two counts (each an indexed count). */
const overviewColumns = {
  ...getTableColumns(clinics),
  supervisorFirstName: users.firstName,
  supervisorLastName: users.lastName,
  supervisorEmail: users.email,
  staffCount: sql<number>`(select count(*) from ${users} s where s.clinic_id = ${clinics.id} and s.role <> 'patient')`
    .mapWith(Number)
    .as('staff_count'),
  patientsCount:
    sql<number>`(select count(*) from ${patients} p where p.clinic_id = ${clinics.id} and p.status <> 'removed')`
      .mapWith(Number)
      .as('patients_count'),
};

/** The clinic's own details, the ones its settings screen changes. */
export type ClinicDetails = Pick<ClinicRow, 'name' | 'address' | 'npi' | 'tin'>;

export const createClinicsRepository = (db: DbOrTx) => ({
  /** Unscoped: only for sign-in, sign-up and the public code check, which name a clinic by its code. */
  async findByCode(code: string): Promise<ClinicRow | undefined> {
    const [row] = await db.select().from(clinics).where(eq(clinics.code, code)).limit(1);
    return row;
  },
  async findByCodeInScope(code: string, scope: ClinicScope): Promise<ClinicRow | undefined> {
    const [row] = await db
      .select()
      .from(clinics)
      .where(and(eq(clinics.code, code), inScope(clinics.id, scope)))
      .limit(1);
    return row;
  },
  async insert(values: typeof clinics.$inferInsert): Promise<ClinicRow> {
    const [row] = await db.insert(clinics).values(values).returning();
    return row!;
  },
  async setSupervisor(clinicId: number, userId: number | null) {
    await db.update(clinics).set({ supervisorUserId: userId }).where(eq(clinics.id, clinicId));
  },

  /** The clinic's row, held until the transaction ends so a change audits the values it really replaced. */
  async lockByCodeInScope(code: string, scope: ClinicScope): Promise<ClinicRow | undefined> {
    const [row] = await db
      .select()
      .from(clinics)
      .where(and(eq(clinics.code, code), inScope(clinics.id, scope)))
      .for('update');
    return row;
  },
  async updateDetails(clinicId: number, values: Partial<ClinicDetails>) {
    await db.update(clinics).set(values).where(eq(clinics.id, clinicId));
  },
  /** The scope's clinics' codes and names by name, a page of them: what the admin's clinic picker offers. */
  async names(scope: ClinicScope, page: { page: number; pageSize: number }) {
    const where = inScope(clinics.id, scope);
    const [rows, [total]] = await Promise.all([
      db
        .select({ code: clinics.code, name: clinics.name })
        .from(clinics)
        .where(where)
        .orderBy(asc(clinics.name), asc(clinics.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ n: count() }).from(clinics).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  },
  /** Clinics by name with their counts, optionally those whose name or code holds `search`. */
  async overviews(
    scope: ClinicScope,
    query: { search?: string; page: number; pageSize: number },
  ): Promise<{ rows: ClinicOverviewRow[]; count: number }> {
    const conditions: SQL[] = [inScope(clinics.id, scope)];
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      conditions.push(or(ilike(clinics.name, pattern), ilike(clinics.code, pattern))!);
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select(overviewColumns)
        .from(clinics)
        .leftJoin(users, eq(users.id, clinics.supervisorUserId))
        .where(where)
        .orderBy(asc(clinics.name), asc(clinics.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(clinics).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  },
  async overviewByCode(code: string, scope: ClinicScope): Promise<ClinicOverviewRow | undefined> {
    const [row] = await db
      .select(overviewColumns)
      .from(clinics)
      .leftJoin(users, eq(users.id, clinics.supervisorUserId))
      .where(and(eq(clinics.code, code), inScope(clinics.id, scope)))
      .limit(1);
    return row;
  },
});
