import { and, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { patientEpisodes } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

/** What the RTM status reads beyond the billing inputs, in the scope it is built with (decision 1340). */
export function createRtmStatusRepository(db: DbOrTx, scope: ClinicScope) {
  return {
    /** The scope's clinics with an open episode: where "close to a threshold" looks (several for a platform admin). */
    async clinicsWithOpenEpisodes(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ clinicId: patientEpisodes.clinicId })
        .from(patientEpisodes)
        .where(and(isNull(patientEpisodes.endedAt), inScope(patientEpisodes.clinicId, scope)));
      return rows.map((row) => row.clinicId);
    },
  };
}
