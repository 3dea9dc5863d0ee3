import { randomBytes } from 'node:crypto';
import type { Role } from '@rehabit/contract';
import type { Db } from '../src/db/client.ts';
import { clinicScope, crossClinic } from '../src/db/scope.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createUsersRepository } from '../src/modules/auth/users.repository.ts';
import { createClinicsRepository } from '../src/modules/clinics/clinics.repository.ts';

export const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

export async function makeClinic(db: Db, overrides: { code?: string; name?: string } = {}) {
  const code = overrides.code ?? `C${unique().toUpperCase().slice(0, 5)}`;
  return createClinicsRepository(db, crossClinic('demo seed')).insert({
    code,
    name: overrides.name ?? `Clinic ${code}`,
  });
}

type UserOverrides = {
  role?: Role;
  email?: string;
  approvalStatus?: 'pending' | 'approved' | 'rejected';
  hasAccess?: boolean;
  password?: string;
};

export async function makeUser(db: Db, clinicId: number, overrides: UserOverrides = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const email = overrides.email ?? `user-${unique()}@example.test`;
  const id = await createUsersRepository(db, clinicScope(clinicId)).insert({
    email,
    passwordHash: overrides.password ? await hashPassword(overrides.password) : await passwordHash,
    firstName: 'Jamie',
    lastName: `Tester${unique()}`,
    role: overrides.role ?? 'therapist',
    approvalStatus: overrides.approvalStatus ?? 'approved',
    hasAccess: overrides.hasAccess ?? true,
  });
  return { id, email, password: overrides.password ?? PASSWORD };
}

/** A clinic with its supervisor, as a clinic is set up in production. */
export async function makeClinicWithSupervisor(db: Db) {
  const clinic = await makeClinic(db);
  const supervisor = await makeUser(db, clinic.id, { role: 'supervisor' });
  await createClinicsRepository(db, clinicScope(clinic.id)).setSupervisor(supervisor.id);
  return { clinic, supervisor };
}
