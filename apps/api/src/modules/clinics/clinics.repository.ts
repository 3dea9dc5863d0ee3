import type { Clinic } from '@rehabit/contract';
import { and, asc, count, eq, exists, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { clinics, patients, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

/**
 * A clinic's row as read: whether it has a logo, never the logo's bytes, which only `logo()` reads (decision 1430).
 */
export type ClinicRow = Omit<typeof clinics.$inferSelect, 'logo' | 'logoType'> & { hasLogo: boolean };

const { logo: _logo, logoType: _logoType, ...clinicColumns } = getTableColumns(clinics);
const rowColumns = {
  ...clinicColumns,
  hasLogo: sql<boolean>`(${clinics.logo} is not null)`.mapWith(Boolean).as('has_logo'),
};

/** The clinic's logo and its media type. */
export type ClinicLogo = { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' };

export const toClinic = (row: ClinicRow, restrictedCode: string): Clinic => ({
  id: row.id,
  code: row.code,
  name: row.name,
  timezone: row.timezone,
  address: row.address,
  npi: row.npi,
  tin: row.tin,
  is_restricted: row.code === restrictedCode,
  handout_attachments: row.handoutAttachments,
  has_logo: row.hasLogo,
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
  ...rowColumns,
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
export type ClinicDetails = Pick<ClinicRow, 'name' | 'address' | 'npi' | 'tin' | 'handoutAttachments'>;

/**
 * The clinics the scope reaches (decision 1340): one clinic's own row, or every clinic's for a cross-clinic purpose
 * (sign-in and sign-up naming a clinic by its code, the platform admin's lists). A change is made to the scope's one
 * clinic; a new clinic only with a cross-clinic scope, since it is no existing clinic's.
 */
export const createClinicsRepository = (db: DbOrTx, scope: ClinicScope) => ({
  async findByCode(code: string): Promise<ClinicRow | undefined> {
    const [row] = await db
      .select(rowColumns)
      .from(clinics)
      .where(and(eq(clinics.code, code), inScope(clinics.id, scope)))
      .limit(1);
    return row;
  },
  /** A new clinic: made across clinics (the platform admin, the command line, the demo), never from inside one. */
  async insert(values: typeof clinics.$inferInsert): Promise<ClinicRow> {
    if (scope.kind !== 'all') throw new Error('a new clinic is made with a cross-clinic scope, not from one clinic');
    const [row] = await db.insert(clinics).values(values).returning(rowColumns);
    return row!;
  },
  /** Names the supervisor of the scope's clinic, one of its own staff: another clinic's user changes nothing. */
  async setSupervisor(userId: number) {
    const clinicId = clinicIdOf(scope);
    const ofTheClinic = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.clinicId, clinicId)));
    await db
      .update(clinics)
      .set({ supervisorUserId: userId })
      .where(and(eq(clinics.id, clinicId), exists(ofTheClinic)));
  },

  /** The clinic's row, held until the transaction ends so a change audits the values it really replaced. */
  async lockByCode(code: string): Promise<ClinicRow | undefined> {
    const [row] = await db
      .select(rowColumns)
      .from(clinics)
      .where(and(eq(clinics.code, code), inScope(clinics.id, scope)))
      .for('update');
    return row;
  },
  /** The scope's clinic's logo, or undefined when it has none. */
  async logo(): Promise<ClinicLogo | undefined> {
    const [row] = await db
      .select({ bytes: clinics.logo, type: clinics.logoType })
      .from(clinics)
      .where(eq(clinics.id, clinicIdOf(scope)));
    return row?.bytes && row.type ? { bytes: row.bytes, type: row.type } : undefined;
  },
  /** Sets (or, with null, removes) the scope's clinic's logo. */
  async setLogo(logo: ClinicLogo | null) {
    await db
      .update(clinics)
      .set({ logo: logo?.bytes ?? null, logoType: logo?.type ?? null })
      .where(eq(clinics.id, clinicIdOf(scope)));
  },
  /** Changes the scope's clinic's own details. */
  async updateDetails(values: Partial<ClinicDetails>) {
    await db
      .update(clinics)
      .set(values)
      .where(eq(clinics.id, clinicIdOf(scope)));
  },
  /** The scope's clinics' codes and names by name, a page of them: what the admin's clinic picker offers. */
  async names(page: { page: number; pageSize: number }) {
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
  /** The scope's clinics by name with their counts, optionally those whose name or code holds `search`. */
  async overviews(query: {
    search?: string;
    page: number;
    pageSize: number;
  }): Promise<{ rows: ClinicOverviewRow[]; count: number }> {
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
  async overviewByCode(code: string): Promise<ClinicOverviewRow | undefined> {
    const [row] = await db
      .select(overviewColumns)
      .from(clinics)
      .leftJoin(users, eq(users.id, clinics.supervisorUserId))
      .where(and(eq(clinics.code, code), inScope(clinics.id, scope)))
      .limit(1);
    return row;
  },
});
