import type { HepItem, HepVideo } from '@rehabit/contract';
import type { VideoHost } from '../../video-host/host.ts';
import { captionLinks } from '../videos/video-mapping.ts';
import type { HepItemRow } from './hep.repository.ts';

/** A program item as staff and the patient see it; playback links are signed like the library's (video-mapping). */
export function toHepItem(row: HepItemRow, order: number, host: VideoHost): HepItem {
  return {
    id: row.id,
    patient_id: row.patientId,
    video_id: row.videoId,
    video: toHepVideo(row, host),
    order,
    sets: row.sets,
    reps: row.reps,
    hold_seconds: row.holdSeconds,
    times_per_day: row.timesPerDay,
    days_per_week: row.daysPerWeek,
    description: row.description,
    folder_id: row.folderId,
    folder_name: row.folderName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The video columns a program item or a template's exercise is read with. */
export type HepVideoColumns = Pick<
  HepItemRow,
  | 'videoId'
  | 'videoGuid'
  | 'videoTitle'
  | 'videoDescription'
  | 'videoTitleEs'
  | 'videoDescriptionEs'
  | 'videoStatus'
  | 'videoBodyPart'
  | 'videoEquipment'
  | 'videoDurationSeconds'
  | 'videoHasPoster'
  | 'videoCaptionLanguages'
>;

/** The video as a program shows it: its labels, and playback links signed only when it plays. */
export function toHepVideo(row: HepVideoColumns, host: VideoHost): HepVideo {
  const playable = row.videoStatus === 'ready';
  return {
    id: row.videoId,
    title: row.videoTitle,
    description: row.videoDescription,
    title_es: row.videoTitleEs,
    description_es: row.videoDescriptionEs,
    status: row.videoStatus,
    body_part: row.videoBodyPart,
    equipment: row.videoEquipment,
    duration_seconds: row.videoDurationSeconds,
    play_url: playable ? host.playbackUrl('play', row.videoGuid) : null,
    poster_url: playable && row.videoHasPoster ? host.playbackUrl('poster', row.videoGuid) : null,
    captions: playable ? captionLinks(row.videoGuid, row.videoCaptionLanguages, host) : [],
  };
}
