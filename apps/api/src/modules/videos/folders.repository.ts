import type { FolderListQuery } from '@rehabit/contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, videoFolderItems, videoFolders } from '../../db/schema.ts';
import type { Actor } from '../../db/scope.ts';
import { folderVisibleTo } from '../../db/visibility.ts';

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

export function createFoldersRepository(db: DbOrTx) {
  return {
    /** `clinicId`: a chosen clinic's folders only (decision 1155), as a program accepts them. */
    async list(actor: Actor, query: FolderListQuery, clinicId?: number) {
      const where = and(
        folderVisibleTo(actor),
        clinicId === undefined ? undefined : eq(videoFolders.clinicId, clinicId),
        query.owner === 'mine' ? eq(videoFolders.ownerUserId, actor.id) : undefined,
        query.owner === 'shared' ? ne(videoFolders.ownerUserId, actor.id) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(videoFolders).where(where);
      const rows = await selectFolders(db)
        .where(where)
        .orderBy(asc(videoFolders.name), asc(videoFolders.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { rows, count: total?.n ?? 0 };
    },
    async findVisible(actor: Actor, ids: number[]) {
      if (ids.length === 0) return [];
      return selectFolders(db).where(and(inArray(videoFolders.id, ids), folderVisibleTo(actor)));
    },
    async insert(actor: Actor, name: string) {
      const [row] = await db
        .insert(videoFolders)
        .values({ clinicId: actor.clinicId, ownerUserId: actor.id, name })
        .returning({ id: videoFolders.id });
      return row!.id;
    },
    async rename(id: number, name: string) {
      await db.update(videoFolders).set({ name }).where(eq(videoFolders.id, id));
    },
    async setShared(ids: number[], isShared: boolean) {
      await db.update(videoFolders).set({ isShared }).where(inArray(videoFolders.id, ids));
    },
    async deleteMany(ids: number[]) {
      await db.delete(videoFolders).where(inArray(videoFolders.id, ids));
    },
    async addItems(folderIds: number[], videoIds: number[]) {
      const values = folderIds.flatMap((folderId) => videoIds.map((videoId) => ({ folderId, videoId })));
      await db.insert(videoFolderItems).values(values).onConflictDoNothing();
    },
    async removeItems(folderId: number, videoIds: number[]) {
      const removed = await db
        .delete(videoFolderItems)
        .where(and(eq(videoFolderItems.folderId, folderId), inArray(videoFolderItems.videoId, videoIds)))
        .returning({ videoId: videoFolderItems.videoId });
      return removed.map((r) => r.videoId);
    },
  };
}
