import type { CaptionLanguage, CaptionTrack, CaptionWithText } from '@rehabit/contract';
import { folderViewerOf } from '../../db/visibility.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, actorAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import type { CaptionTrackRow } from './captions.repository.ts';
import { canEditVideo } from './video-mapping.ts';
import { checkWebVtt } from './webvtt.ts';

type Deps = { clock: Clock; audit: AuditLog };

const toTrack = (row: CaptionTrackRow): CaptionTrack => ({
  language: row.language,
  size_bytes: row.sizeBytes,
  cue_count: row.cueCount,
  updated_at: row.updatedAt.toISOString(),
  updated_by:
    row.updatedBy && row.updatedByFirstName
      ? { id: row.updatedBy, display_name: `${row.updatedByFirstName} ${row.updatedByLastName}` }
      : null,
});

/**
 * A video's caption tracks (decision 1405): seen by whoever sees the video, saved and removed by whoever may edit it
 * (its owner, the clinic's supervisor; the global library's, the admins). Every change is audited, as the video's
 * own changes are; a track's text is checked as WebVTT before anything is stored.
 */
export function createCaptionsService({ clock, audit }: Deps) {
  const record = actorAudit(audit);

  async function findVideo(actor: Caller, id: number, ctx: RequestContext) {
    const row = await actor.data.videos.findById(folderViewerOf(actor), id);
    if (!row) {
      await record(actor, 'video.read', ctx, { video_id: id }, 'denied');
      throw notFound('video');
    }
    return row;
  }

  async function editableVideo(
    actor: Caller,
    id: number,
    language: CaptionLanguage,
    action: 'video_caption.update' | 'video_caption.delete',
    ctx: RequestContext,
  ) {
    const video = await findVideo(actor, id, ctx);
    if (!canEditVideo(actor, video)) {
      await record(actor, action, ctx, { video_id: id, language }, 'denied');
      throw forbidden(
        video.clinicId === null
          ? 'Only admins change the global library'
          : 'Only the owner or the supervisor can change this video',
      );
    }
    return video;
  }

  async function track(actor: Caller, id: number, language: CaptionLanguage): Promise<CaptionWithText> {
    const row = await actor.data.captions.find(id, language);
    if (!row) throw notFound('caption track');
    return { ...toTrack(row), text: row.vtt };
  }

  return {
    async list(actor: Caller, id: number, ctx: RequestContext) {
      await findVideo(actor, id, ctx);
      return { tracks: (await actor.data.captions.list(id)).map(toTrack) };
    },

    async get(actor: Caller, id: number, language: CaptionLanguage, ctx: RequestContext) {
      await findVideo(actor, id, ctx);
      return track(actor, id, language);
    },

    /** Adds or replaces the language's track; a text that is not WebVTT is refused and nothing is stored. */
    async put(actor: Caller, id: number, language: CaptionLanguage, text: string, ctx: RequestContext) {
      await editableVideo(actor, id, language, 'video_caption.update', ctx);
      const caption = checkWebVtt(text);
      await actor.data.transaction(async (data) => {
        const replaced = (await data.captions.find(id, language)) !== null;
        if (!(await data.captions.save(id, language, caption, actor.id, clock.now()))) throw notFound('video');
        await record(
          actor,
          'video_caption.update',
          ctx,
          { video_id: id, language, size_bytes: caption.sizeBytes, cue_count: caption.cueCount, replaced },
          'success',
          data.db,
        );
      });
      return track(actor, id, language);
    },

    async remove(actor: Caller, id: number, language: CaptionLanguage, ctx: RequestContext): Promise<undefined> {
      await editableVideo(actor, id, language, 'video_caption.delete', ctx);
      await actor.data.transaction(async (data) => {
        if (!(await data.captions.remove(id, language))) throw notFound('caption track');
        await record(actor, 'video_caption.delete', ctx, { video_id: id, language }, 'success', data.db);
      });
      return undefined;
    },
  };
}
export type CaptionsService = ReturnType<typeof createCaptionsService>;
