import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingRates } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf } from '../../db/scope.ts';

/**
 * A clinic's own rates (decision 0802), built with that clinic's scope (decision 1340). The defaults every other code
 * bills at are the contract's, not rows: a cross-clinic scope has no rates of its own, and is refused.
 */
export function createBillingRatesRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /** The rates the clinic set itself, in cents; every other code bills at its default. */
    ownRates: () =>
      db
        .select({ year: billingRates.year, code: billingRates.code, rateCents: billingRates.rateCents })
        .from(billingRates)
        .where(eq(billingRates.clinicId, clinicIdOf(scope))),
  };
}
