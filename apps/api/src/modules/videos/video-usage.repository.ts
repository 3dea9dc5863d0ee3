import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exerciseLogs, hepItems } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

/** Where videos are used in the home exercise programs of the scope's patients. */
export const createVideoUsageRepository = (db: DbOrTx, scope: ClinicScope) => ({
  /** The videos of `videoIds` that are in a patient's active program. */
  async inActivePrograms(videoIds: number[]): Promise<number[]> {
    const rows = await db
      .selectDistinct({ videoId: hepItems.videoId })
      .from(hepItems)
      .where(and(inArray(hepItems.videoId, videoIds), isNull(hepItems.deletedAt), inScope(hepItems.clinicId, scope)));
    return rows.map((r) => r.videoId);
  },

  /** The videos of `videoIds` that a patient has logged exercise with (past weeks' progress names them). */
  async withExerciseHistory(videoIds: number[]): Promise<number[]> {
    const logged = sql`exists (select 1 from ${exerciseLogs} where ${exerciseLogs.hepItemId} = ${hepItems.id})`;
    const rows = await db
      .selectDistinct({ videoId: hepItems.videoId })
      .from(hepItems)
      .where(and(inArray(hepItems.videoId, videoIds), logged, inScope(hepItems.clinicId, scope)));
    return rows.map((r) => r.videoId);
  },

  /** Deletes the program items of these videos: by then only undo history nobody ever logged. */
  async deleteProgramItems(videoIds: number[]) {
    await db.delete(hepItems).where(and(inArray(hepItems.videoId, videoIds), inScope(hepItems.clinicId, scope)));
  },
});
