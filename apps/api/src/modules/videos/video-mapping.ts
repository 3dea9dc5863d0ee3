import { type CaptionLanguage, type CaptionLink, can, type Folder, type Video } from '@rehabit/contract';
import type { Actor } from '../../db/scope.ts';
import type { VideoHost } from '../../video-host/host.ts';
import type { FolderRow } from './folders.repository.ts';
import type { VideoRow } from './videos.repository.ts';

/** Library ids of the video host: the clinic's id, or 0 for the global library. */
export const libraryIdOf = (clinicId: number | null) => String(clinicId ?? 0);
export const collectionIdOf = (clinicId: number | null) => (clinicId === null ? 'global' : `clinic-${clinicId}`);

/** Global videos are the admins'; a clinic's video is its owner's, its supervisor's and the admins'. */
export function canEditVideo(actor: Actor, video: { clinicId: number | null; ownerUserId: number | null }) {
  if (can(actor.role, 'videos.any')) return true;
  if (video.clinicId === null || video.clinicId !== actor.clinicId) return false;
  return video.ownerUserId === actor.id || can(actor.role, 'videos.clinic');
}

/** A ready video's caption tracks, each with its signed link (decision 1405). */
export const captionLinks = (guid: string, languages: CaptionLanguage[], host: VideoHost): CaptionLink[] =>
  languages.map((language) => ({ language, url: host.captionsUrl(guid, language) }));

export function toVideo(actor: Actor, row: VideoRow, host: VideoHost): Video {
  const playable = row.status === 'ready';
  return {
    id: row.id,
    video_id: row.guid,
    library: row.clinicId === null ? 'global' : 'clinic',
    owner:
      row.ownerUserId && row.ownerFirstName
        ? { id: row.ownerUserId, display_name: `${row.ownerFirstName} ${row.ownerLastName}` }
        : null,
    title: row.title,
    body_part: row.bodyPart as Video['body_part'],
    purpose: row.purpose as Video['purpose'],
    position: row.position as Video['position'],
    position_title: row.positionTitle,
    equipment: row.equipment,
    reps: row.reps,
    sets: row.sets,
    unhealthy_body_part: row.unhealthyBodyPart,
    purpose_of_treatment: row.purposeOfTreatment,
    description: row.description,
    title_es: row.titleEs,
    description_es: row.descriptionEs,
    status: row.status,
    failure_reason: row.failureReason,
    duration_seconds: row.durationSeconds,
    size_bytes: row.sizeBytes,
    play_url: playable ? host.playbackUrl('play', row.guid) : null,
    poster_url: playable && row.hasPoster ? host.playbackUrl('poster', row.guid) : null,
    captions: playable ? captionLinks(row.guid, row.captionLanguages, host) : [],
    can_edit: canEditVideo(actor, row),
    folder_ids: row.folderIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toFolder = (actor: Actor, row: FolderRow): Folder => ({
  id: row.id,
  name: row.name,
  is_shared: row.isShared,
  is_mine: row.ownerUserId === actor.id,
  owner: { id: row.ownerUserId, display_name: `${row.ownerFirstName} ${row.ownerLastName}` },
  video_count: row.videoCount,
  created_at: row.createdAt.toISOString(),
});
