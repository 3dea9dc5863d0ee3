import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { type ClinicScope, clinicIdOf } from '../../db/scope.ts';
import { captionLanguagesFrom, captionLanguagesSql } from '../videos/captions.repository.ts';
import type { HepItemRow } from './hep.repository.ts';

/** An item's columns as `toItem` maps them, of `hep_items h` joined with its `videos v`. */
export const ITEM_COLUMNS = `h.id, h.clinic_id, h.patient_id, h.video_id, h.folder_id, h.folder_name, h.position, h.sets, h.reps,
    h.hold_seconds, h.times_per_day, h.days_per_week, h.description, h.created_at, h.updated_at, h.deleted_at,
    v.guid as video_guid, v.title as video_title,
    v.description as video_description, v.title_es as video_title_es, v.description_es as video_description_es, v.status as video_status, v.body_part as video_body_part,
    v.equipment as video_equipment, v.duration_seconds as video_duration_seconds, v.has_poster as video_has_poster,
    ${captionLanguagesSql('v.id')} as video_caption_languages`;

/**
 * A patient's program as staff open it, in one round trip (decision 1101): the patient checked in the caller's
 * clinic, the active items in order (as `listActive` reads them), the program's last change (as `lastChange`), and
 * the `hep.read` audit row with the item count, written by the same statement only when the patient was found.
 * The patient's row comes back once with no item when the program is empty. The items and the last change are only
 * of the patient's own clinic: another clinic's item naming the patient is none of theirs (decision 1340).
 */
const READ_AUDITED_SQL = `
with p as (
  select id, clinic_id,
    -- Once for the program, not once for each of its items.
    (select max(greatest(h.updated_at, coalesce(h.deleted_at, h.updated_at))) from hep_items h
      where h.patient_id = patients.id and h.clinic_id = patients.clinic_id) as last_change
  from patients where id = $1 and clinic_id = $2 and status <> 'removed'
), items as (
  select ${ITEM_COLUMNS}
  from hep_items h join videos v on v.id = h.video_id
  where h.patient_id = (select id from p) and h.clinic_id = (select clinic_id from p) and h.deleted_at is null
), audited as (
  insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
  select 'hep.read', 'success', $3, p.clinic_id, p.id, $4, jsonb_build_object('count', (select count(*) from items))
  from p
  returning id
)
select (select count(*) from audited)::int as audited, p.last_change, items.*
from p left join items on true
order by items.position, items.id`;

/** An item's row as `ITEM_COLUMNS` reads it. */
export type ItemRaw = {
  id: number | null;
  clinic_id: number;
  patient_id: number;
  video_id: number;
  folder_id: number | null;
  folder_name: string | null;
  position: number;
  sets: number;
  reps: number;
  hold_seconds: number;
  times_per_day: number;
  days_per_week: number;
  description: string;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  video_guid: string;
  video_title: string;
  video_description: string;
  video_title_es: string;
  video_description_es: string;
  video_status: HepItemRow['videoStatus'];
  video_body_part: string;
  video_equipment: string;
  video_duration_seconds: number | null;
  video_has_poster: boolean;
  video_caption_languages: unknown;
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

type Raw = ItemRaw & { audited: number; last_change: Date | string | null };

export const toItem = (raw: ItemRaw & { id: number }): HepItemRow => ({
  id: raw.id,
  clinicId: raw.clinic_id,
  patientId: raw.patient_id,
  videoId: raw.video_id,
  folderId: raw.folder_id,
  folderName: raw.folder_name,
  position: raw.position,
  sets: raw.sets,
  reps: raw.reps,
  holdSeconds: raw.hold_seconds,
  timesPerDay: raw.times_per_day,
  daysPerWeek: raw.days_per_week,
  description: raw.description,
  createdAt: asDate(raw.created_at),
  updatedAt: asDate(raw.updated_at),
  deletedAt: raw.deleted_at ? asDate(raw.deleted_at) : null,
  videoGuid: raw.video_guid,
  videoTitle: raw.video_title,
  videoDescription: raw.video_description,
  videoTitleEs: raw.video_title_es,
  videoDescriptionEs: raw.video_description_es,
  videoStatus: raw.video_status,
  videoBodyPart: raw.video_body_part,
  videoEquipment: raw.video_equipment,
  videoDurationSeconds: raw.video_duration_seconds,
  videoHasPoster: raw.video_has_poster,
  videoCaptionLanguages: captionLanguagesFrom(raw.video_caption_languages),
});

/** A program as a clinic's staff open it: built with that one clinic's scope (a cross-clinic one is refused). */
export const createHepProgramRepository = (db: Db, scope: ClinicScope) => ({
  /** The active program of one patient of the clinic, audited as read by the caller; undefined if no such patient. */
  async readAudited(read: {
    patientId: number;
    actorUserId: number;
    ip: string | null;
  }): Promise<{ items: HepItemRow[]; lastChange: Date | null } | undefined> {
    const rows = await runPrepared<Raw>(db, 'hep_program_read_audited', READ_AUDITED_SQL, [
      read.patientId,
      clinicIdOf(scope),
      read.actorUserId,
      read.ip,
    ]);
    const [first] = rows;
    if (!first) return undefined;
    if (first.audited !== 1) throw new Error('the read of a program was not audited');
    const items = rows.filter((raw): raw is Raw & { id: number } => raw.id !== null).map(toItem);
    return { items, lastChange: first.last_change ? asDate(first.last_change) : null };
  },
});
