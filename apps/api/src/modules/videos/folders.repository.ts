import type { FolderListQuery } from '@rehabit/contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, videoFolderItems, videoFolders, videos } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { type FolderViewer, folderVisibleIn, videoUsableIn } from '../../db/visibility.ts';

const folderColumns = {
  id: videoFolders.id,
  clinicId: videoFolders.clinicId,
  ownerUserId: videoFolders.ownerUserId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  name: videoFolders.name,
  isShared: videoFolders.isShared,
  createdAt: videoFolders.createdAt,
  videoCount:
    sql<number>`(select count(*) from ${videoFolderItems} where ${videoFolderItems.folderId} = ${videoFolders.id})`.mapWith(
      Number,
    ),
};

const selectFolders = (db: DbOrTx) =>
  db.select(folderColumns).from(videoFolders).innerJoin(users, eq(users.id, videoFolders.ownerUserId)).$dynamic();
export type FolderRow = Awaited<ReturnType<ReturnType<typeof selectFolders>['execute']>>[number];

/** Library folders of the scope's clinics: what a viewer sees of them, and changes to them. */
export function createFoldersRepository(db: DbOrTx, scope: ClinicScope) {
  const inClinic = inScope(videoFolders.clinicId, scope);
  /** The ids of the scope's folders among `ids`, for a statement on their items. */
  const foldersInScope = (ids: number[]) =>
    db
      .select({ id: videoFolders.id })
      .from(videoFolders)
      .where(and(inArray(videoFolders.id, ids), inClinic));

  return {
    /** A chosen clinic's folders only (decision 1155) when the scope is narrowed to it, as a program accepts them. */
    async list(viewer: FolderViewer, query: FolderListQuery) {
      const where = and(
        folderVisibleIn(scope, viewer),
        query.owner === 'mine' ? eq(videoFolders.ownerUserId, viewer.userId) : undefined,
        query.owner === 'shared' ? ne(videoFolders.ownerUserId, viewer.userId) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(videoFolders).where(where);
      const rows = await selectFolders(db)
        .where(where)
        .orderBy(asc(videoFolders.name), asc(videoFolders.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { rows, count: total?.n ?? 0 };
    },
    async findVisible(viewer: FolderViewer, ids: number[]) {
      if (ids.length === 0) return [];
      return selectFolders(db).where(and(inArray(videoFolders.id, ids), folderVisibleIn(scope, viewer)));
    },
    /** A folder of its owner, in the scope's clinic. */
    async insert(ownerUserId: number, name: string) {
      const [row] = await db
        .insert(videoFolders)
        .values({ clinicId: clinicIdOf(scope), ownerUserId, name })
        .returning({ id: videoFolders.id });
      return row!.id;
    },
    async rename(id: number, name: string) {
      await db
        .update(videoFolders)
        .set({ name })
        .where(and(eq(videoFolders.id, id), inClinic));
    },
    async setShared(ids: number[], isShared: boolean) {
      await db
        .update(videoFolders)
        .set({ isShared })
        .where(and(inArray(videoFolders.id, ids), inClinic));
    },
    async deleteMany(ids: number[]) {
      await db.delete(videoFolders).where(and(inArray(videoFolders.id, ids), inClinic));
    },
    /** Files the videos the scope may use into its folders; a folder or video out of the scope is left out. */
    async addItems(folderIds: number[], videoIds: number[]) {
      if (folderIds.length === 0 || videoIds.length === 0) return;
      const [folders, usable] = await Promise.all([
        foldersInScope(folderIds),
        db
          .select({ id: videos.id })
          .from(videos)
          .where(and(inArray(videos.id, videoIds), videoUsableIn(scope))),
      ]);
      const values = folders.flatMap(({ id: folderId }) => usable.map(({ id: videoId }) => ({ folderId, videoId })));
      if (values.length === 0) return;
      await db.insert(videoFolderItems).values(values).onConflictDoNothing();
    },
    async removeItems(folderId: number, videoIds: number[]) {
      const removed = await db
        .delete(videoFolderItems)
        .where(
          and(
            eq(videoFolderItems.folderId, folderId),
            inArray(videoFolderItems.videoId, videoIds),
            inArray(videoFolderItems.folderId, foldersInScope([folderId])),
          ),
        )
        .returning({ videoId: videoFolderItems.videoId });
      return removed.map((r) => r.videoId);
    },
  };
}
