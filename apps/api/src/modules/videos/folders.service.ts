import type { AuditAction } from '@rehabit/contract';
import { can, type FolderListQuery, toPage } from '@rehabit/contract';
import { narrowTo } from '../../db/scope.ts';
import { folderViewerOf } from '../../db/visibility.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, actorAudit } from '../../lib/audit.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { VideoHost } from '../../video-host/host.ts';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import type { Caller } from '../data-access.ts';
import type { FolderRow } from './folders.repository.ts';
import { toFolder, toVideo } from './video-mapping.ts';

type Deps = { audit: AuditLog; host: () => VideoHost };
type Page = { page: number; page_size: number };

/**
 * Folders are private to their owner until shared with the clinic; colleagues then read them. Only the owner
 * (or an admin) renames, deletes, shares and files videos into a folder.
 */
export function createFoldersService({ audit, host }: Deps) {
  const record = actorAudit(audit);
  const foldersOf = (actor: Caller) => actor.data.folders;

  /** Every id must be visible (else 404) and, when writing, owned (else 403). */
  async function load(
    actor: Caller,
    ids: number[],
    action: AuditAction,
    ctx: RequestContext,
    write: boolean,
  ): Promise<FolderRow[]> {
    const unique = [...new Set(ids)];
    const rows = await foldersOf(actor).findVisible(folderViewerOf(actor), unique);
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) {
      await record(actor, action, ctx, { folder_ids: missing }, 'denied');
      throw new AppError('not_found', `No such folder: ${missing.join(', ')}`);
    }
    const notMine = write && !can(actor.role, 'videos.any') ? rows.filter((r) => r.ownerUserId !== actor.id) : [];
    if (notMine.length > 0) {
      await record(actor, action, ctx, { folder_ids: notMine.map((r) => r.id) }, 'denied');
      throw forbidden('Only the owner of a folder can change it');
    }
    return rows;
  }

  async function reload(actor: Caller, ids: number[]) {
    const rows = await foldersOf(actor).findVisible(folderViewerOf(actor), ids);
    return ids.map((id) => toFolder(actor, rows.find((r) => r.id === id)!));
  }

  return {
    async list(actor: Caller, query: FolderListQuery) {
      const { scope } = await chosenClinic(actor, query.clinic_code);
      const { rows, count } = await actor.data.within(scope).folders.list(folderViewerOf(actor), query);
      return toPage(
        rows.map((r) => toFolder(actor, r)),
        count,
        query,
      );
    },
    async contents(actor: Caller, id: number, query: Page, ctx: RequestContext) {
      await load(actor, [id], 'video_folder.read', ctx, false);
      const videos = actor.data.videos;
      const { rows, count } = await videos.list(folderViewerOf(actor), { ...query, folder: id });
      return toPage(
        rows.map((r) => toVideo(actor, r, host())),
        count,
        query,
      );
    },
    async create(actor: Caller, name: string, ctx: RequestContext) {
      // A folder belongs to its owner's own clinic, an admin's too.
      const home = narrowTo(actor.data.scope, actor.clinicId);
      if (!home) throw notFound('clinic');
      const id = await actor.data.within(home).folders.insert(actor.id, name);
      await record(actor, 'video_folder.create', ctx, { folder_id: id });
      return (await reload(actor, [id]))[0]!;
    },
    async rename(actor: Caller, id: number, name: string, ctx: RequestContext) {
      await load(actor, [id], 'video_folder.rename', ctx, true);
      await foldersOf(actor).rename(id, name);
      await record(actor, 'video_folder.rename', ctx, { folder_id: id });
      return (await reload(actor, [id]))[0]!;
    },
    async remove(actor: Caller, ids: number[], ctx: RequestContext) {
      await load(actor, ids, 'video_folder.delete', ctx, true);
      await foldersOf(actor).deleteMany(ids);
      await record(actor, 'video_folder.delete', ctx, { folder_ids: ids });
      return { deleted: ids };
    },
    async share(actor: Caller, ids: number[], isShared: boolean, ctx: RequestContext) {
      const unique = [...new Set(ids)];
      await load(actor, unique, 'video_folder.share', ctx, true);
      await foldersOf(actor).setShared(unique, isShared);
      await record(actor, 'video_folder.share', ctx, { folder_ids: unique, is_shared: isShared });
      return { results: await reload(actor, unique) };
    },
    async addVideos(actor: Caller, videoIds: number[], folderIds: number[], ctx: RequestContext) {
      const folderList = [...new Set(folderIds)];
      const videoList = [...new Set(videoIds)];
      await load(actor, folderList, 'video_folder.add', ctx, true);
      const found = await actor.data.videos.findManyVisible(videoList);
      const missing = videoList.filter((id) => !found.some((v) => v.id === id));
      if (missing.length > 0) {
        await record(actor, 'video_folder.add', ctx, { video_ids: missing }, 'denied');
        throw new AppError('not_found', `No such video: ${missing.join(', ')}`);
      }
      await foldersOf(actor).addItems(folderList, videoList);
      await record(actor, 'video_folder.add', ctx, { folder_ids: folderList, video_ids: videoList });
      return { results: await reload(actor, folderList) };
    },
    async removeVideos(actor: Caller, folderId: number, videoIds: number[], ctx: RequestContext) {
      await load(actor, [folderId], 'video_folder.remove', ctx, true);
      const removed = await foldersOf(actor).removeItems(folderId, videoIds);
      await record(actor, 'video_folder.remove', ctx, { folder_id: folderId, video_ids: removed });
      return (await reload(actor, [folderId]))[0]!;
    },
  };
}
export type FoldersService = ReturnType<typeof createFoldersService>;
