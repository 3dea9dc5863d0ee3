import type { CaptionLanguage } from '@rehabit/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { users, videoCaptions, videos } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';
import { videoUsableIn } from '../../db/visibility.ts';

/** A track languages' array as read: node-postgres and PGlite both return arrays, but a text form is parsed too. */
export const captionLanguagesFrom = (v: unknown): CaptionLanguage[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean) : []).map(
    (language) => String(language) as CaptionLanguage,
  );

/** The languages of a video's caption tracks in order (English first), for a query that reads the video's row. */
export const captionLanguagesOf = (videoId: AnyPgColumn | SQL) =>
  sql<CaptionLanguage[]>`coalesce((
    select array_agg(${videoCaptions.language} order by ${videoCaptions.language})
    from ${videoCaptions} where ${videoCaptions.videoId} = ${videoId}
  ), '{}')`.mapWith(captionLanguagesFrom);

/** The same, for a hand-written statement that names the video's id column. */
export const captionLanguagesSql = (videoIdColumn: string) =>
  `coalesce((select array_agg(c.language order by c.language) from video_captions c where c.video_id = ${videoIdColumn}), '{}')`;

const trackColumns = {
  videoId: videoCaptions.videoId,
  language: videoCaptions.language,
  sizeBytes: videoCaptions.sizeBytes,
  cueCount: videoCaptions.cueCount,
  updatedAt: videoCaptions.updatedAt,
  updatedBy: videoCaptions.updatedBy,
  updatedByFirstName: users.firstName,
  updatedByLastName: users.lastName,
};

/** A caption track's WebVTT text checked and measured, ready to store. */
export type CheckedCaption = { vtt: string; sizeBytes: number; cueCount: number };

/**
 * Caption tracks of the videos a scope reaches (decision 1405): a track is its video's, so reads see the tracks of
 * the scope's clinic's own videos and of the global library (`videoUsableIn`), and changes reach only the clinic's
 * own videos' tracks; across clinics (platform admins, the video host, the demo seed) every video's.
 */
export function createCaptionsRepository(db: DbOrTx, scope: ClinicScope) {
  const usable = videoUsableIn(scope);
  const changeable = inScope(videos.clinicId, scope);
  const ofVideo = (videoId: number, where: SQL) =>
    sql`exists (select 1 from ${videos} where ${videos.id} = ${videoId} and ${where})`;
  const selectTracks = () =>
    db.select(trackColumns).from(videoCaptions).leftJoin(users, eq(users.id, videoCaptions.updatedBy)).$dynamic();

  return {
    /** A video's tracks, English first. */
    async list(videoId: number) {
      return selectTracks()
        .where(and(eq(videoCaptions.videoId, videoId), ofVideo(videoId, usable)))
        .orderBy(asc(videoCaptions.language));
    },
    /** One track with its text, or null. */
    async find(videoId: number, language: CaptionLanguage) {
      const [row] = await db
        .select({ ...trackColumns, vtt: videoCaptions.vtt })
        .from(videoCaptions)
        .leftJoin(users, eq(users.id, videoCaptions.updatedBy))
        .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language), ofVideo(videoId, usable)));
      return row ?? null;
    },
    /** Adds or replaces a language's track of a video the scope may change; false when it may not (or none). */
    async save(videoId: number, language: CaptionLanguage, caption: CheckedCaption, userId: number, now: Date) {
      const [video] = await db
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.id, videoId), changeable));
      if (!video) return false;
      await db
        .insert(videoCaptions)
        .values({ videoId, language, ...caption, updatedBy: userId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [videoCaptions.videoId, videoCaptions.language],
          set: { ...caption, updatedBy: userId, updatedAt: now },
        });
      return true;
    },
    /** Removes a language's track of a video the scope may change; false when there was none to remove. */
    async remove(videoId: number, language: CaptionLanguage) {
      const removed = await db
        .delete(videoCaptions)
        .where(
          and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language), ofVideo(videoId, changeable)),
        )
        .returning({ videoId: videoCaptions.videoId });
      return removed.length > 0;
    },
    /** A track's text by its video's file id, for the video host's signed caption links. */
    async textByGuid(guid: string, language: CaptionLanguage) {
      const [row] = await db
        .select({ vtt: videoCaptions.vtt })
        .from(videoCaptions)
        .innerJoin(videos, eq(videos.id, videoCaptions.videoId))
        .where(and(eq(videos.guid, guid), eq(videoCaptions.language, language), usable));
      return row?.vtt ?? null;
    },
  };
}
export type CaptionTrackRow = Awaited<ReturnType<ReturnType<typeof createCaptionsRepository>['list']>>[number];
