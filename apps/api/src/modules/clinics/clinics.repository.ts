import type { Clinic } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics } from '../../db/schema.ts';
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
});
