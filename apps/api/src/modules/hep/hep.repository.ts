import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { hepItems, videoFolderItems, videoFolders, videos } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { type FolderViewer, folderVisibleIn, videoUsableIn } from '../../db/visibility.ts';
import { captionLanguagesOf } from '../videos/captions.repository.ts';

/** The columns of an exercise's video that a program shows (`toHepVideo`), read beside a program item or a template's. */
export const hepVideoColumns = {
  videoGuid: videos.guid,
  videoTitle: videos.title,
  videoDescription: videos.description,
  videoTitleEs: videos.titleEs,
  videoDescriptionEs: videos.descriptionEs,
  videoStatus: videos.status,
  videoBodyPart: videos.bodyPart,
  videoEquipment: videos.equipment,
  videoDurationSeconds: videos.durationSeconds,
  videoHasPoster: videos.hasPoster,
  videoCaptionLanguages: captionLanguagesOf(videos.id),
};

const itemColumns = {
  id: hepItems.id,
  clinicId: hepItems.clinicId,
  patientId: hepItems.patientId,
  videoId: hepItems.videoId,
  folderId: hepItems.folderId,
  folderName: hepItems.folderName,
  position: hepItems.position,
  sets: hepItems.sets,
  reps: hepItems.reps,
  holdSeconds: hepItems.holdSeconds,
  timesPerDay: hepItems.timesPerDay,
  daysPerWeek: hepItems.daysPerWeek,
  description: hepItems.description,
  createdAt: hepItems.createdAt,
  updatedAt: hepItems.updatedAt,
  deletedAt: hepItems.deletedAt,
  ...hepVideoColumns,
};

const selectItems = (db: DbOrTx) =>
  db.select(itemColumns).from(hepItems).innerJoin(videos, eq(videos.id, hepItems.videoId)).$dynamic();
export type HepItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** What a program item asks of the patient: how much, how often, and how. */
export type HepDosage = {
  sets: number;
  reps: number;
  holdSeconds: number;
  timesPerDay: number;
  daysPerWeek: number;
  description: string;
};

/** A new item, in the clinic of the repository's scope. */
export type NewHepItem = HepDosage & {
  patientId: number;
  videoId: number;
  folderId: number | null;
  folderName: string | null;
  createdBy: number;
};

export type HepItemChanges = Partial<HepDosage>;

/** A video that can go into a program: one of the clinic's own or the global library, never a failed one. */
export type CandidateVideo = { id: number; clinicId: number | null; status: string; sets: number; reps: number };

/** What a program needs of a video it may add: whose it is, whether it plays, and its default dosage. */
const candidateColumns = {
  id: videos.id,
  clinicId: videos.clinicId,
  status: videos.status,
  sets: videos.sets,
  reps: videos.reps,
};

export function createHepRepository(db: DbOrTx, scope: ClinicScope) {
  const inClinic = inScope(hepItems.clinicId, scope);
  return {
    /** The active program in order. */
    async listActive(patientId: number) {
      return selectItems(db)
        .where(and(eq(hepItems.patientId, patientId), isNull(hepItems.deletedAt), inClinic))
        .orderBy(asc(hepItems.position), asc(hepItems.id));
    },
    async findInScope(ids: number[]) {
      if (ids.length === 0) return [];
      return selectItems(db).where(and(inArray(hepItems.id, ids), inClinic));
    },
    async countActive(patientId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(hepItems)
        .where(and(eq(hepItems.patientId, patientId), isNull(hepItems.deletedAt), inClinic));
      return row?.n ?? 0;
    },
    /** The last change to the program: an item added, edited, reordered, deleted or restored. */
    async lastChange(patientId: number) {
      const [row] = await db
        .select({
          at: max(sql<Date>`greatest(${hepItems.updatedAt}, coalesce(${hepItems.deletedAt}, ${hepItems.updatedAt}))`),
        })
        .from(hepItems)
        .where(and(eq(hepItems.patientId, patientId), inClinic));
      const at = row?.at;
      return at ? new Date(at) : null;
    },
    /** The new items' ids; none is added when any item is of a patient of another clinic (decision 1340). */
    async insert(items: NewHepItem[], now: Date) {
      if (items.length === 0) return [];
      const patientIds = items.map((item) => item.patientId);
      if (!(await allPatientsInScope(db, scope, patientIds))) return [];
      const clinicId = clinicIdOf(scope);
      const rows = await db
        .insert(hepItems)
        .values(items.map((item) => ({ ...item, clinicId, position: 0, createdAt: now, updatedAt: now })))
        .returning({ id: hepItems.id });
      return rows.map((r) => r.id);
    },
    async update(id: number, changes: HepItemChanges, now: Date) {
      await db
        .update(hepItems)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(hepItems.id, id), inClinic));
    },
    async softDelete(ids: number[], actorId: number, now: Date) {
      await db
        .update(hepItems)
        .set({ deletedAt: now, deletedBy: actorId })
        .where(and(inArray(hepItems.id, ids), inClinic));
    },
    async restore(id: number, now: Date) {
      await db
        .update(hepItems)
        .set({ deletedAt: null, deletedBy: null, updatedAt: now })
        .where(and(eq(hepItems.id, id), inClinic));
    },
    /**
     * Positions 0…n-1 in the given order, in one statement. Items whose place changed count as changed (the
     * program's last change moves with a reorder).
     */
    async setPositions(orderedIds: number[], now: Date) {
      if (orderedIds.length === 0) return;
      const cases = sql.join(
        orderedIds.map((id, index) => sql`when ${id}::int then ${index}::int`),
        sql` `,
      );
      const position = sql`(case ${hepItems.id} ${cases} end)`;
      await db
        .update(hepItems)
        .set({
          position: sql`${position}`,
          updatedAt: sql`case when ${hepItems.position} = ${position} then ${hepItems.updatedAt} else ${now} end`,
        })
        .where(and(inArray(hepItems.id, orderedIds), inClinic));
    },
    /** Videos by id that the program's clinic may use (its own and the global library). */
    async findCandidateVideos(ids: number[]): Promise<CandidateVideo[]> {
      if (ids.length === 0) return [];
      return db
        .select(candidateColumns)
        .from(videos)
        .where(and(inArray(videos.id, ids), videoUsableIn(scope)));
    },
    /** Folders of the program's clinic that the viewer sees. */
    async findFolders(viewer: FolderViewer, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: videoFolders.id, name: videoFolders.name })
        .from(videoFolders)
        .where(and(inArray(videoFolders.id, ids), folderVisibleIn(scope, viewer)));
    },
    /**
     * A folder of the program's clinic: its videos in the folder's order (when each was added), limited to those the
     * clinic may use.
     */
    async folderVideos(folderId: number): Promise<CandidateVideo[]> {
      return db
        .select(candidateColumns)
        .from(videoFolderItems)
        .innerJoin(videos, eq(videos.id, videoFolderItems.videoId))
        .innerJoin(videoFolders, eq(videoFolders.id, videoFolderItems.folderId))
        .where(
          and(eq(videoFolderItems.folderId, folderId), inScope(videoFolders.clinicId, scope), videoUsableIn(scope)),
        )
        .orderBy(asc(videoFolderItems.addedAt), asc(videos.id));
    },
  };
}
