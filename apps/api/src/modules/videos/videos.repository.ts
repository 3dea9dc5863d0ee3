import { can, type VideoFields, type VideoListQuery, type VideoStatus } from '@rehabit/contract';
import { and, count, desc, eq, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { users, videoFolderItems, videoFolders, videos } from '../../db/schema.ts';
import type { Actor } from '../../db/scope.ts';
import { folderVisibleTo, videoUsableIn, videoVisibleTo } from '../../db/visibility.ts';

const videoColumns = (actor: Actor) => ({
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
  createdAt: videos.createdAt,
  updatedAt: videos.updatedAt,
  folderIds: sql<number[]>`coalesce((
    select array_agg(${videoFolderItems.folderId} order by ${videoFolderItems.folderId})
    from ${videoFolderItems} join ${videoFolders} on ${videoFolders.id} = ${videoFolderItems.folderId}
    where ${videoFolderItems.videoId} = ${videos.id} and ${folderVisibleTo(actor)}
  ), '{}')`.mapWith((v: unknown) => (Array.isArray(v) ? v.map(Number) : parsePgArray(v))),
});

/** node-postgres and PGlite both return arrays, but a text form is parsed just in case. */
function parsePgArray(v: unknown): number[] {
  if (typeof v !== 'string') return [];
  return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

const selectVideos = (db: DbOrTx, actor: Actor) =>
  db.select(videoColumns(actor)).from(videos).leftJoin(users, eq(users.id, videos.ownerUserId)).$dynamic();
export type VideoRow = Awaited<ReturnType<ReturnType<typeof selectVideos>['execute']>>[number];

export type NewVideo = VideoFields & { guid: string; clinicId: number | null; ownerUserId: number };

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

export function createVideosRepository(db: DbOrTx) {
  /** `clinicId`: a chosen clinic (decision 1155), whose usable videos narrow an admin's every clinic. */
  function listConditions(actor: Actor, query: VideoListQuery, clinicId: number | undefined): SQL[] {
    const where: SQL[] = [clinicId === undefined ? videoVisibleTo(actor) : videoUsableIn(clinicId)];
    const library = clinicId ?? (can(actor.role, 'clinics.all') ? undefined : actor.clinicId);
    if (query.scope === 'mine') where.push(eq(videos.ownerUserId, actor.id));
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
        sql`exists (select 1 from ${videoFolderItems} where ${videoFolderItems.videoId} = ${videos.id} and ${videoFolderItems.folderId} = ${query.folder})`,
      );
    }
    return where;
  }

  return {
    async list(actor: Actor, query: VideoListQuery, clinicId?: number) {
      const where = and(...listConditions(actor, query, clinicId));
      const [total] = await db.select({ n: count() }).from(videos).where(where);
      const rows = await selectVideos(db, actor)
        .where(where)
        .orderBy(desc(videos.createdAt), desc(videos.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { rows, count: total?.n ?? 0 };
    },
    async findById(actor: Actor, id: number) {
      const [row] = await selectVideos(db, actor).where(and(eq(videos.id, id), videoVisibleTo(actor)));
      return row ?? null;
    },
    async findManyVisible(actor: Actor, ids: number[]) {
      return db
        .select({ id: videos.id, guid: videos.guid, clinicId: videos.clinicId, ownerUserId: videos.ownerUserId })
        .from(videos)
        .where(and(inArray(videos.id, ids), videoVisibleTo(actor)));
    },
    async insert(video: NewVideo) {
      const [row] = await db
        .insert(videos)
        .values({
          ...toColumns(video),
          guid: video.guid,
          clinicId: video.clinicId,
          ownerUserId: video.ownerUserId,
        } as typeof videos.$inferInsert)
        .returning({ id: videos.id });
      return row!.id;
    },
    async update(id: number, fields: Partial<VideoFields>, now: Date) {
      const values = Object.fromEntries(Object.entries(toColumns(fields)).filter(([, v]) => v !== undefined));
      await db
        .update(videos)
        .set({ ...values, updatedAt: now })
        .where(eq(videos.id, id));
    },
    async deleteMany(ids: number[]) {
      if (ids.length === 0) return;
      await db.delete(videos).where(inArray(videos.id, ids));
    },
    async findUpload(guid: string) {
      const [row] = await db
        .select({ id: videos.id, clinicId: videos.clinicId, ownerUserId: videos.ownerUserId, status: videos.status })
        .from(videos)
        .where(eq(videos.guid, guid));
      return row ?? null;
    },
    async updateByGuid(guid: string, fields: Partial<typeof videos.$inferInsert>) {
      await db.update(videos).set(fields).where(eq(videos.guid, guid));
    },
    async guidsWithStatus(status: VideoStatus, createdBefore?: Date) {
      const rows = await db
        .select({ guid: videos.guid })
        .from(videos)
        .where(and(eq(videos.status, status), createdBefore ? lt(videos.createdAt, createdBefore) : undefined));
      return rows.map((r) => r.guid);
    },
  };
}
