import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exerciseLogs, hepItems } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Program items keep their video: a video in a patient's active program cannot be deleted, nor one with exercise
 * history (past weeks' progress names it). Deleted items nobody ever logged are only undo history; they go with
 * the video. Run inside the video delete's transaction, before the videos themselves are deleted.
 */
export async function releaseVideosFromPrograms(tx: DbOrTx, videoIds: number[]) {
  if (videoIds.length === 0) return;
  const active = await tx
    .selectDistinct({ videoId: hepItems.videoId })
    .from(hepItems)
    .where(and(inArray(hepItems.videoId, videoIds), isNull(hepItems.deletedAt)));
  if (active.length > 0) {
    const ids = active.map((r) => r.videoId).join(', ');
    throw new AppError(
      'conflict',
      `Video ${ids} is in a patient's home exercise program; take it out of the program first`,
      {
        errors: { videos: [`Video ${ids} is in use by a home exercise program`] },
      },
    );
  }
  const logged = sql`exists (select 1 from ${exerciseLogs} where ${exerciseLogs.hepItemId} = ${hepItems.id})`;
  const withHistory = await tx
    .selectDistinct({ videoId: hepItems.videoId })
    .from(hepItems)
    .where(and(inArray(hepItems.videoId, videoIds), logged));
  if (withHistory.length > 0) {
    const ids = withHistory.map((r) => r.videoId).join(', ');
    throw new AppError(
      'conflict',
      `Video ${ids} has exercise history in a patient's program and is kept for their records`,
      {
        errors: { videos: [`Video ${ids} has patients' exercise history`] },
      },
    );
  }
  await tx.delete(hepItems).where(inArray(hepItems.videoId, videoIds));
}
