import { randomUUID } from 'node:crypto';
import {
  type CreateVideoBody,
  type CreateVideoResponse,
  can,
  toPage,
  type UpdateVideoBody,
  VIDEO_DEFAULTS,
  type VideoListQuery,
} from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { type ClinicScope, crossClinic, narrowTo } from '../../db/scope.ts';
import { folderViewerOf } from '../../db/visibility.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, actorAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { VideoCatalog, VideoHost } from '../../video-host/host.ts';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import { type Caller, dataFor, type TxData } from '../data-access.ts';
import { canEditVideo, collectionIdOf, libraryIdOf, toVideo } from './video-mapping.ts';

type Deps = { clock: Clock; audit: AuditLog; host: () => VideoHost };
/**
 * The host's view of the records: found by the host's file id, never scoped (the signature is the access).
 * What happens to an upload is audited as done by the video's owner, who asked for the upload.
 */
export function createVideoCatalog(db: Db, audit: AuditLog): VideoCatalog {
  const data = dataFor(db, crossClinic('video host'));
  const repo = data.videos;
  return {
    async findUpload(guid) {
      const row = await repo.findUpload(guid);
      return row ? { libraryId: libraryIdOf(row.clinicId), status: row.status } : null;
    },
    update: (guid, fields) => repo.updateByGuid(guid, { ...fields, updatedAt: new Date() }),
    processingGuids: () => repo.guidsWithStatus('processing'),
    staleUploadGuids: (createdBefore) => repo.guidsWithStatus('uploading', createdBefore),
    async record(guid, event) {
      const row = await repo.findUpload(guid);
      if (!row) return;
      await audit.record({
        action: event.action,
        outcome: event.outcome,
        actorUserId: row.ownerUserId,
        clinicId: row.clinicId,
        detail: { video_id: row.id, guid, ...event.detail },
      });
    },
    captions: (guid, language) => data.captions.textByGuid(guid, language),
  };
}

export function createVideosService({ clock, audit, host }: Deps) {
  const record = actorAudit(audit);

  async function find(actor: Caller, id: number, ctx: RequestContext) {
    const row = await actor.data.videos.findById(folderViewerOf(actor), id);
    if (!row) {
      await record(actor, 'video.read', ctx, { video_id: id }, 'denied');
      throw notFound('video');
    }
    return row;
  }

  return {
    async list(actor: Caller, query: VideoListQuery, ctx: RequestContext) {
      const viewer = folderViewerOf(actor);
      // The folder is looked for in the caller's whole scope, a clinic chosen or not.
      const folders = actor.data.folders;
      if (query.folder && (await folders.findVisible(viewer, [query.folder])).length === 0) {
        await record(actor, 'video_folder.read', ctx, { folder_id: query.folder }, 'denied');
        throw notFound('folder');
      }
      const { scope } = await chosenClinic(actor, query.clinic_code);
      const { rows, count } = await actor.data.within(scope).videos.list(viewer, query);
      return toPage(
        rows.map((row) => toVideo(actor, row, host())),
        count,
        query,
      );
    },

    async get(actor: Caller, id: number, ctx: RequestContext) {
      return toVideo(actor, await find(actor, id, ctx), host());
    },

    /**
     * A new record with its defaults (decision 1311) and the credentials to upload its file; admins add to the global
     * library.
     */
    async create(actor: Caller, body: CreateVideoBody, ctx: RequestContext): Promise<CreateVideoResponse> {
      const videoHost = host();
      if (body.size !== undefined && body.size > videoHost.maxBytes) {
        throw new AppError(
          'payload_too_large',
          `Videos can be at most ${Math.floor(videoHost.maxBytes / 1024 ** 2)} MB`,
          {
            errors: { size: ['The file is larger than the maximum upload size'] },
          },
        );
      }
      const { size: _size, ...fields } = body;
      const guid = randomUUID();
      const clinicId = can(actor.role, 'library.manage') ? null : actor.clinicId;
      const values = { ...VIDEO_DEFAULTS, ...fields };
      const video = { ...values, guid, ownerUserId: actor.id };
      // Admins add to the global library from their cross-clinic scope; staff add to their clinic's own.
      const id =
        clinicId === null
          ? await actor.data.videos.insertGlobal(video)
          : await actor.data.within(ownClinic(actor)).videos.insert(video);
      await record(actor, 'video.create', ctx, { video_id: id, library: clinicId === null ? 'global' : 'clinic' });
      const libraryId = libraryIdOf(clinicId);
      return {
        id,
        video_id: guid,
        library_id: libraryId,
        collection_id: collectionIdOf(clinicId),
        title: values.title,
        ...videoHost.credentials(libraryId, guid),
        upload_url: videoHost.uploadUrl,
      };
    },

    async update(actor: Caller, id: number, body: UpdateVideoBody, ctx: RequestContext) {
      const row = await find(actor, id, ctx);
      if (!canEditVideo(actor, row)) {
        await record(actor, 'video.update', ctx, { video_id: id }, 'denied');
        throw forbidden(
          row.clinicId === null
            ? 'Only admins change the global library'
            : 'Only the owner or the supervisor can change this video',
        );
      }
      const repo = actor.data.videos;
      await repo.update(id, body, clock.now());
      await record(actor, 'video.update', ctx, { video_id: id, fields: Object.keys(body) });
      return toVideo(actor, (await repo.findById(folderViewerOf(actor), id))!, host());
    },

    async remove(actor: Caller, ids: number[], ctx: RequestContext) {
      const unique = [...new Set(ids)];
      const found = await actor.data.videos.findManyVisible(unique);
      const missing = unique.filter((id) => !found.some((v) => v.id === id));
      if (missing.length > 0) {
        await record(actor, 'video.delete', ctx, { video_ids: missing }, 'denied');
        throw new AppError('not_found', `No such video: ${missing.join(', ')}`);
      }
      const refused = found.filter((v) => !canEditVideo(actor, v));
      if (refused.length > 0) {
        await record(actor, 'video.delete', ctx, { video_ids: refused.map((v) => v.id) }, 'denied');
        throw forbidden(`You cannot delete video ${refused.map((v) => v.id).join(', ')}`);
      }
      await actor.data.transaction(async (data) => {
        await releaseFromPrograms(data, unique);
        await data.videos.deleteMany(unique);
      });
      await Promise.all(found.map((v) => host().remove(v.guid)));
      await record(actor, 'video.delete', ctx, { video_ids: unique });
      return { deleted: unique };
    },
  };
}
export type VideosService = ReturnType<typeof createVideosService>;

/** The caller's own clinic, where their videos go: always within their scope. */
function ownClinic(actor: Caller): ClinicScope {
  const scope = narrowTo(actor.data.scope, actor.clinicId);
  if (!scope) throw notFound('clinic');
  return scope;
}

/**
 * Program items keep their video: a video in a patient's active program cannot be deleted, nor one with exercise
 * history (past weeks' progress names it). Deleted items nobody ever logged are only undo history; they go with
 * the video. Run inside the video delete's transaction, before the videos themselves are deleted.
 */
async function releaseFromPrograms(data: TxData, videoIds: number[]) {
  if (videoIds.length === 0) return;
  const usage = data.videoUsage;
  const active = await usage.inActivePrograms(videoIds);
  if (active.length > 0) {
    const ids = active.join(', ');
    throw new AppError(
      'conflict',
      `Video ${ids} is in a patient's home exercise program; take it out of the program first`,
      {
        errors: { videos: [`Video ${ids} is in use by a home exercise program`] },
      },
    );
  }
  const withHistory = await usage.withExerciseHistory(videoIds);
  if (withHistory.length > 0) {
    const ids = withHistory.join(', ');
    throw new AppError(
      'conflict',
      `Video ${ids} has exercise history in a patient's program and is kept for their records`,
      {
        errors: { videos: [`Video ${ids} has patients' exercise history`] },
      },
    );
  }
  await usage.deleteProgramItems(videoIds);
}
