import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingRates } from '../../db/schema.ts';

export function createBillingRatesRepository(db: DbOrTx) {
  return {
    /** The rates a clinic set itself, in cents; every other code bills at its default. */
    ownRates: (clinicId: number) =>
      db
        .select({ year: billingRates.year, code: billingRates.code, rateCents: billingRates.rateCents })
        .from(billingRates)
        .where(eq(billingRates.clinicId, clinicId)),
  };
}
