import type { VideoFields, VideoListQuery, VideoStatus } from '@rehabit/contract';
import { and, count, desc, eq, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { users, videoFolderItems, videoFolders, videos } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { type FolderViewer, folderVisibleIn, videoUsableIn } from '../../db/visibility.ts';
import { captionLanguagesOf } from './captions.repository.ts';

/** A video's columns, with the ids of the folders holding it that the viewer sees in the scope. */
const videoColumns = (scope: ClinicScope, viewer: FolderViewer) => ({
  id: videos.id,
  guid: videos.guid,
  clinicId: videos.clinicId,
  ownerUserId: videos.ownerUserId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  title: videos.title,
  bodyPart: videos.bodyPart,
  purpose: videos.purpose,
  position: videos.position,
  positionTitle: videos.positionTitle,
  equipment: videos.equipment,
  reps: videos.reps,
  sets: videos.sets,
  unhealthyBodyPart: videos.unhealthyBodyPart,
  purposeOfTreatment: videos.purposeOfTreatment,
  description: videos.description,
  titleEs: videos.titleEs,
  descriptionEs: videos.descriptionEs,
  status: videos.status,
  failureReason: videos.failureReason,
  durationSeconds: videos.durationSeconds,
  sizeBytes: videos.sizeBytes,
  hasPoster: videos.hasPoster,
  captionLanguages: captionLanguagesOf(videos.id),
  createdAt: videos.createdAt,
  updatedAt: videos.updatedAt,
  folderIds: sql<number[]>`coalesce((
    select array_agg(${videoFolderItems.folderId} order by ${videoFolderItems.folderId})
    from ${videoFolderItems} join ${videoFolders} on ${videoFolders.id} = ${videoFolderItems.folderId}
    where ${videoFolderItems.videoId} = ${videos.id} and ${folderVisibleIn(scope, viewer)}
  ), '{}')`.mapWith((v: unknown) => (Array.isArray(v) ? v.map(Number) : parsePgArray(v))),
});

/** node-postgres and PGlite both return arrays, but a text form is parsed just in case. */
function parsePgArray(v: unknown): number[] {
  if (typeof v !== 'string') return [];
  return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

const selectVideos = (db: DbOrTx, scope: ClinicScope, viewer: FolderViewer) =>
  db.select(videoColumns(scope, viewer)).from(videos).leftJoin(users, eq(users.id, videos.ownerUserId)).$dynamic();
export type VideoRow = Awaited<ReturnType<ReturnType<typeof selectVideos>['execute']>>[number];

/** A new video record; its library (a clinic's own, or the global one) is the insert's, never the caller's value. */
export type NewVideo = VideoFields & { guid: string; ownerUserId: number };

const toColumns = (fields: Partial<VideoFields>) => ({
  title: fields.title,
  bodyPart: fields.body_part,
  purpose: fields.purpose,
  position: fields.position,
  positionTitle: fields.position_title,
  equipment: fields.equipment,
  reps: fields.reps,
  sets: fields.sets,
  unhealthyBodyPart: fields.unhealthy_body_part,
  purposeOfTreatment: fields.purpose_of_treatment,
  description: fields.description,
  titleEs: fields.title_es,
  descriptionEs: fields.description_es,
});

/**
 * The video library as a scope reaches it: reads see the scope's clinic's own videos and the global library
 * (`videoUsableIn`), changes reach only the clinic's own. A cross-clinic scope (platform admins, the video host)
 * reaches every video, the global library's included.
 */
export function createVideosRepository(db: DbOrTx, scope: ClinicScope) {
  const usable = videoUsableIn(scope);
  /** Changes: a clinic's own videos; the global library is changed only across clinics (platform admins). */
  const changeable = inScope(videos.clinicId, scope);

  /** The library's own clinic: the scope's one; across clinics (decision 1155, no clinic chosen) none. */
  function listConditions(userId: number, query: VideoListQuery): SQL[] {
    const where: SQL[] = [usable];
    const library = scope.kind === 'clinic' ? scope.clinicId : undefined;
    if (query.scope === 'mine') where.push(eq(videos.ownerUserId, userId));
    if (query.scope === 'clinic') {
      where.push(library === undefined ? sql`${videos.clinicId} is not null` : eq(videos.clinicId, library));
    }
    if (query.scope === 'global') where.push(isNull(videos.clinicId));
    if (query.search) where.push(sql`lower(${videos.title}) like ${`%${escapeLike(query.search.toLowerCase())}%`}`);
    if (query.body_part) where.push(eq(videos.bodyPart, query.body_part));
    if (query.purpose) where.push(eq(videos.purpose, query.purpose));
    if (query.position) where.push(eq(videos.position, query.position));
    if (query.equipment) where.push(ilike(videos.equipment, `%${escapeLike(query.equipment)}%`));
    if (query.status) where.push(eq(videos.status, query.status));
    if (query.folder) {
      where.push(
        // Only a folder of the scope's clinics: another clinic's folder lists nothing, not what it holds.
        sql`exists (select 1 from ${videoFolderItems} join ${videoFolders} on ${videoFolders.id} = ${videoFolderItems.folderId} where ${videoFolderItems.videoId} = ${videos.id} and ${videoFolderItems.folderId} = ${query.folder} and ${inScope(videoFolders.clinicId, scope)})`,
      );
    }
    return where;
  }

  async function insertInto(clinicId: number | null, video: NewVideo) {
    const [row] = await db
      .insert(videos)
      .values({
        ...toColumns(video),
        guid: video.guid,
        clinicId,
        ownerUserId: video.ownerUserId,
      } as typeof videos.$inferInsert)
      .returning({ id: videos.id });
    return row!.id;
  }

  return {
    /** `viewer.userId` is whose videos `mine` lists. */
    async list(viewer: FolderViewer, query: VideoListQuery) {
      const where = and(...listConditions(viewer.userId, query));
      const [total] = await db.select({ n: count() }).from(videos).where(where);
      const rows = await selectVideos(db, scope, viewer)
        .where(where)
        .orderBy(desc(videos.createdAt), desc(videos.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { rows, count: total?.n ?? 0 };
    },
    async findById(viewer: FolderViewer, id: number) {
      const [row] = await selectVideos(db, scope, viewer).where(and(eq(videos.id, id), usable));
      return row ?? null;
    },
    async findManyVisible(ids: number[]) {
      return db
        .select({ id: videos.id, guid: videos.guid, clinicId: videos.clinicId, ownerUserId: videos.ownerUserId })
        .from(videos)
        .where(and(inArray(videos.id, ids), usable));
    },
    /** A video of the scope's clinic's own library. */
    async insert(video: NewVideo) {
      return insertInto(clinicIdOf(scope), video);
    },
    /**
     * A video of the global library, which no clinic owns and every clinic may use. Only platform staff and the demo
     * seed add to it, from a cross-clinic scope of theirs: any other scope is refused.
     */
    async insertGlobal(video: NewVideo) {
      if (scope.kind !== 'all' || (scope.purpose !== 'platform admin' && scope.purpose !== 'demo seed')) {
        throw new Error('the global library is written only by platform admins and the demo seed');
      }
      return insertInto(null, video);
    },
    async update(id: number, fields: Partial<VideoFields>, now: Date) {
      const values = Object.fromEntries(Object.entries(toColumns(fields)).filter(([, v]) => v !== undefined));
      await db
        .update(videos)
        .set({ ...values, updatedAt: now })
        .where(and(eq(videos.id, id), changeable));
    },
    async deleteMany(ids: number[]) {
      if (ids.length === 0) return;
      await db.delete(videos).where(and(inArray(videos.id, ids), changeable));
    },
    async findUpload(guid: string) {
      const [row] = await db
        .select({ id: videos.id, clinicId: videos.clinicId, ownerUserId: videos.ownerUserId, status: videos.status })
        .from(videos)
        .where(and(eq(videos.guid, guid), usable));
      return row ?? null;
    },
    async updateByGuid(guid: string, fields: Partial<Omit<typeof videos.$inferInsert, 'clinicId'>>) {
      await db
        .update(videos)
        .set(fields)
        .where(and(eq(videos.guid, guid), changeable));
    },
    async guidsWithStatus(status: VideoStatus, createdBefore?: Date) {
      const rows = await db
        .select({ guid: videos.guid })
        .from(videos)
        .where(and(eq(videos.status, status), createdBefore ? lt(videos.createdAt, createdBefore) : undefined, usable));
      return rows.map((r) => r.guid);
    },
  };
}
