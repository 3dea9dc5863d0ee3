import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { patients } from './schema.ts';
import { type ClinicScope, clinicIdOf } from './scope.ts';

/**
 * Whether every patient named by rows about to be written belongs to the one clinic of the scope, which the rows are
 * written into (decision 1340): a repository asks before it inserts, so that a row of one clinic about another
 * clinic's patient cannot be written, whatever its caller checked. A null id names no patient (a task about no
 * one). One indexed read however many rows and patients. A patient never changes clinic, so the answer still holds
 * for the insert that follows it.
 */
export async function allPatientsInScope(
  db: DbOrTx,
  scope: ClinicScope,
  ids: readonly (number | null | undefined)[],
): Promise<boolean> {
  const named = [...new Set(ids.filter((id): id is number => id !== null && id !== undefined))];
  if (named.length === 0) return true;
  const [found] = await db
    .select({ n: count() })
    .from(patients)
    .where(and(inArray(patients.id, named), eq(patients.clinicId, clinicIdOf(scope))));
  return found?.n === named.length;
}
