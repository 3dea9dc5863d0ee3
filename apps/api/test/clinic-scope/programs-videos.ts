import { folderListQuerySchema, VIDEO_DEFAULTS, videoListQuerySchema } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  exerciseLogs,
  healthMetrics,
  hepItems,
  hepRequests,
  programTemplates,
  videoFolderItems,
  videoFolders,
  videos,
} from '../../src/db/schema.ts';
import type { FolderViewer } from '../../src/db/visibility.ts';
import { createExerciseLogsRepository } from '../../src/modules/hep/exercise-logs.repository.ts';
import { createHepRepository } from '../../src/modules/hep/hep.repository.ts';
import { createHepProgramRepository } from '../../src/modules/hep/hep-program.repository.ts';
import { createProgramTemplatesRepository } from '../../src/modules/program-templates/program-templates.repository.ts';
import { createCaptionsRepository } from '../../src/modules/videos/captions.repository.ts';
import { createFoldersRepository } from '../../src/modules/videos/folders.repository.ts';
import { createHepRequestsRepository } from '../../src/modules/videos/hep-requests.repository.ts';
import { createVideoUsageRepository } from '../../src/modules/videos/video-usage.repository.ts';
import { createVideosRepository } from '../../src/modules/videos/videos.repository.ts';
import {
  a,
  b,
  cover,
  crossClinic,
  DAY,
  db,
  globalVideoId,
  repoOf,
  type Seeded,
  scopeA,
  scopeB,
  strays,
} from './harness.ts';

/** The clinic's therapist looking at folders: their own and their clinic's shared ones. */
const viewerOf = (clinic: Seeded): FolderViewer => ({ userId: clinic.therapistId, allFolders: false });
/** Platform staff looking at folders: every folder of the scope, whoever owns it. */
const staffViewer = (): FolderViewer => ({ userId: a.supervisorId, allFolders: true });

const now = new Date('2026-03-02T16:00:00Z');
const sameClientId = 'same-client-id';
const logOf = async (clinic: Seeded) =>
  (await repoOf(createExerciseLogsRepository, clinic === a ? scopeA() : scopeB()).findByClientId(
    clinic.patientId,
    sameClientId,
  ))!;
const hepItemOfB = async () => (await repoOf(createHepRepository, scopeB()).findInScope([b.hepItemId]))[0]!;
const videoOfB = async () => (await repoOf(createVideosRepository, scopeB()).findById(viewerOf(b), b.videoId))!;
const folderOfB = async () =>
  (await repoOf(createFoldersRepository, scopeB()).findVisible(viewerOf(b), [b.folderId]))[0];
const itemsOfFolder = async (folderId: number) =>
  (await db.select().from(videoFolderItems).where(eq(videoFolderItems.folderId, folderId)))
    .map((row) => row.videoId)
    .sort((x, y) => x - y);
const requestOfB = async () => {
  const { rows } = await repoOf(createHepRequestsRepository, scopeB()).list({ page: 1, pageSize: 10, order: 'oldest' });
  return rows[0]!;
};
const byId = (x: number, y: number) => x - y;
const captionOfB = async () => repoOf(createCaptionsRepository, scopeB()).find(b.videoId, 'en');
const otherCaption = { vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nChanged\n', sizeBytes: 40, cueCount: 1 };

const templateOfB = async () =>
  (await repoOf(createProgramTemplatesRepository, scopeB()).findVisible(b.therapistId, b.templateId))!;
const itemsOfTemplateB = async () => repoOf(createProgramTemplatesRepository, scopeB()).items(b.templateId);
const templateDosage = { sets: 1, reps: 1, holdSeconds: 0, timesPerDay: 1, daysPerWeek: 7, description: '' };

export const programsVideosRepositories = {
  programTemplates: cover(createProgramTemplatesRepository, {
    list: crossClinic(async (r) => {
      const { rows, count } = await r.list(a.therapistId, { includeRetired: true, page: 1, pageSize: 100 });
      expect(rows.map((t) => t.id)).toEqual([a.templateId]);
      expect(count).toBe(1);
      // B's therapist, asking through A's scope, sees A's shared template only.
      expect(
        (await r.list(b.therapistId, { includeRetired: true, page: 1, pageSize: 100 })).rows.map((t) => t.id),
      ).toEqual([a.templateId]);
    }),
    findVisible: crossClinic(async (r) => {
      expect(await r.findVisible(b.therapistId, b.templateId)).toBeUndefined();
      expect(await r.findVisible(a.therapistId, b.templateId)).toBeUndefined();
      expect((await r.findVisible(a.therapistId, a.templateId))?.clinicId).toBe(a.clinicId);
    }),
    items: crossClinic(async (r) => {
      expect(await r.items(b.templateId)).toEqual([]);
      expect((await r.items(a.templateId)).map((i) => i.videoId)).toEqual([a.videoId]);
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert({ ownerUserId: a.therapistId, name: 'Scope check', visibility: 'clinic' }, now);
      expect((await r.findVisible(a.therapistId, id))?.clinicId).toBe(a.clinicId);
      expect(await repoOf(createProgramTemplatesRepository, scopeB()).findVisible(b.therapistId, id)).toBeUndefined();
      await db.delete(programTemplates).where(eq(programTemplates.id, id));
    }),
    update: crossClinic(async (r) => {
      expect(await r.update(b.templateId, { name: 'Taken', visibility: 'private' }, now)).toBe(false);
      expect(await templateOfB()).toMatchObject({ name: 'Knee template', visibility: 'clinic' });
    }),
    replaceItems: crossClinic(async (r) => {
      const before = await itemsOfTemplateB();
      expect(await r.replaceItems(b.templateId, [{ videoId: a.videoId, ...templateDosage }])).toBe(false);
      expect(await itemsOfTemplateB()).toEqual(before);
    }),
    setRetired: crossClinic(async (r) => {
      expect(await r.setRetired(b.templateId, now, a.therapistId, now)).toBe(false);
      expect((await templateOfB()).retiredAt).toBeNull();
    }),
    libraryVideosByTitle: crossClinic(async (r) => {
      // Only the global library: never either clinic's own videos, which share its title.
      const [title] = (await db.select({ title: videos.title }).from(videos).where(eq(videos.id, b.videoId))).map(
        (v) => v.title,
      );
      const found = await r.libraryVideosByTitle([title!]);
      expect(found.map((v) => v.videoId)).toContain(globalVideoId);
      expect(found.every((v) => v.videoClinicId === null)).toBe(true);
    }),
  }),
  exerciseLogs: cover(createExerciseLogsRepository, {
    findByClientId: crossClinic(async (r) => {
      // Both clinics' logs have the same client id.
      expect(await r.findByClientId(b.patientId, sameClientId)).toBeNull();
      expect((await r.findByClientId(a.patientId, sameClientId))?.clinicId).toBe(a.clinicId);
    }),
    lockByClientId: crossClinic(async (r) => {
      expect(await r.lockByClientId(b.patientId, sameClientId)).toBeNull();
      expect((await r.lockByClientId(a.patientId, sameClientId))?.clinicId).toBe(a.clinicId);
    }),
    update: crossClinic(async (r) => {
      const log = await logOf(b);
      expect(await r.update(log.id, { note: 'Changed', setsDone: 9 })).toBeUndefined();
      expect(await logOf(b)).toEqual(log);
    }),
    insertOnce: crossClinic(async (r) => {
      const row = await r.insertOnce({
        patientId: a.patientId,
        hepItemId: a.hepItemId,
        performedAt: now,
        localDate: DAY,
        setsDone: 1,
        clientId: 'clinic-scope-insert',
      });
      expect(row?.clinicId).toBe(a.clinicId);
      expect(await r.findByClientId(a.patientId, 'clinic-scope-insert')).not.toBeNull();
      const inB = repoOf(createExerciseLogsRepository, scopeB());
      expect(await inB.findByClientId(a.patientId, 'clinic-scope-insert')).toBeNull();
      await db.delete(exerciseLogs).where(eq(exerciseLogs.id, row!.id));
      // Clinic B's patient: refused, and no log of clinic A about them.
      const theirs = { patientId: b.patientId, hepItemId: b.hepItemId, performedAt: now, localDate: DAY, setsDone: 1 };
      await expect(r.insertOnce({ ...theirs, clientId: 'clinic-scope-insert-b' })).rejects.toThrow(/patient/);
      const ofBInA = and(eq(exerciseLogs.patientId, b.patientId), eq(exerciseLogs.clinicId, a.clinicId));
      expect(await db.select().from(exerciseLogs).where(ofBInA)).toEqual([]);
    }),
    recordPain: crossClinic(async (r) => {
      // B's reading of its log made to differ from the log, so that writing it again from the log would show.
      const ofB = and(eq(healthMetrics.patientId, b.patientId), eq(healthMetrics.kind, 'painlevel'));
      await db.update(healthMetrics).set({ value: 7 }).where(ofB);
      await r.recordPain(await logOf(b));
      expect(await repoOf(createExerciseLogsRepository, scopeB()).latestPainOn(b.patientId, DAY)).toBe(7);
      await db.update(healthMetrics).set({ value: 4 }).where(ofB);
      await r.recordPain(await logOf(a));
      expect(await r.latestPainOn(a.patientId, DAY)).toBe(4);
    }),
    todayPerItem: crossClinic(async (r) => {
      expect([...(await r.todayPerItem(b.patientId, DAY)).keys()]).toEqual([]);
      expect((await r.todayPerItem(a.patientId, DAY)).get(a.hepItemId)?.doneToday).toBe(1);
    }),
    streak: crossClinic(async (r) => {
      expect(await r.streak(b.patientId, DAY)).toBe(0);
      expect(await r.streak(a.patientId, DAY)).toBe(1);
    }),
    latestPainOn: crossClinic(async (r) => {
      expect(await r.latestPainOn(b.patientId, DAY)).toBeNull();
      expect(await r.latestPainOn(a.patientId, DAY)).toBe(4);
    }),
    today: crossClinic(async (r) => {
      const reader = { actorUserId: a.therapistId, ip: null };
      // Clinic B's patient is not read, and so not audited as read.
      expect(await r.today(b.patientId, DAY, reader)).toBeUndefined();
      const today = await r.today(a.patientId, DAY, reader);
      expect(today?.items.map((item) => item.id)).toEqual([a.hepItemId]);
      expect(today?.logged.get(a.hepItemId)?.doneToday).toBe(1);
      expect(today?.painToday).toBe(4);
      expect(today?.streak).toBe(1);
    }),
  }),
  hep: cover(createHepRepository, {
    listActive: crossClinic(async (r) => {
      expect(await r.listActive(b.patientId)).toEqual([]);
      expect((await r.listActive(a.patientId)).map((row) => row.id)).toEqual([a.hepItemId]);
    }),
    findInScope: crossClinic(async (r) => {
      const rows = await r.findInScope([b.hepItemId, a.hepItemId]);
      expect(rows.map((row) => row.id)).toEqual([a.hepItemId]);
    }),
    countActive: crossClinic(async (r) => {
      expect(await r.countActive(b.patientId)).toBe(0);
      expect(await r.countActive(a.patientId)).toBe(1);
    }),
    lastChange: crossClinic(async (r) => {
      expect(await r.lastChange(b.patientId)).toBeNull();
      expect(await r.lastChange(a.patientId)).toBeInstanceOf(Date);
    }),
    insert: crossClinic(async (r) => {
      /** One exercise of clinic A's video for a patient. */
      const item = (patientId: number, description = '') => ({
        patientId,
        videoId: a.videoId,
        folderId: null,
        folderName: null,
        sets: 1,
        reps: 1,
        holdSeconds: 0,
        timesPerDay: 1,
        daysPerWeek: 7,
        description,
        createdBy: a.therapistId,
      });
      const [id] = await r.insert([item(a.patientId)], now);
      expect((await r.findInScope([id!])).map((row) => row.clinicId)).toEqual([a.clinicId]);
      expect(await repoOf(createHepRepository, scopeB()).findInScope([id!])).toEqual([]);
      await db.delete(hepItems).where(eq(hepItems.id, id!));
      // Clinic B's patient, alone or with A's in one call: nothing is added.
      expect(await r.insert([item(b.patientId, 'Not for B')], now)).toEqual([]);
      expect(await r.insert([item(a.patientId, 'Not for B'), item(b.patientId, 'Not for B')], now)).toEqual([]);
      expect(await db.select().from(hepItems).where(eq(hepItems.description, 'Not for B'))).toEqual([]);
    }),
    update: crossClinic(async (r) => {
      const before = await hepItemOfB();
      await r.update(b.hepItemId, { sets: 9, description: 'Changed' }, now);
      expect(await hepItemOfB()).toEqual(before);
    }),
    softDelete: crossClinic(async (r) => {
      const before = await hepItemOfB();
      await r.softDelete([b.hepItemId], a.therapistId, now);
      expect(await hepItemOfB()).toEqual(before);
    }),
    restore: crossClinic(async (r) => {
      const before = await hepItemOfB();
      await r.restore(b.hepItemId, now);
      expect(await hepItemOfB()).toEqual(before);
    }),
    setPositions: crossClinic(async (r) => {
      const before = await hepItemOfB();
      // Listed second, B's item would move to position 1.
      await r.setPositions([a.hepItemId, b.hepItemId], now);
      expect(await hepItemOfB()).toEqual(before);
    }),
    findCandidateVideos: crossClinic(async (r) => {
      expect(await r.findCandidateVideos([b.videoId])).toEqual([]);
      const found = await r.findCandidateVideos([a.videoId, b.videoId, globalVideoId]);
      expect(found.map((v) => v.id).sort(byId)).toEqual([a.videoId, globalVideoId].sort(byId));
    }),
    findFolders: crossClinic(async (r) => {
      expect(await r.findFolders(viewerOf(a), [b.folderId])).toEqual([]);
      // Even a viewer who sees every folder sees none of another clinic's.
      expect(await r.findFolders(staffViewer(), [b.folderId])).toEqual([]);
      expect((await r.findFolders(viewerOf(a), [a.folderId, b.folderId])).map((f) => f.id)).toEqual([a.folderId]);
    }),
    folderVideos: crossClinic(async (r) => {
      // B's folder holds B's video and the global one: the folder itself is out of reach.
      expect(await r.folderVideos(b.folderId)).toEqual([]);
      const videosOfA = (await r.folderVideos(a.folderId)).map((v) => v.id).sort(byId);
      expect(videosOfA).toEqual([a.videoId, globalVideoId].sort(byId));
    }),
  }),
  hepProgram: cover(createHepProgramRepository, {
    readAudited: crossClinic(async (r) => {
      const read = { actorUserId: a.therapistId, ip: null };
      expect(await r.readAudited({ ...read, patientId: b.patientId })).toBeUndefined();
      const program = await r.readAudited({ ...read, patientId: a.patientId });
      // Clinic B's stray item of A's patient, changed on 5 March, is neither in A's program nor its last change.
      expect(program?.items.map((item) => item.id)).toEqual([a.hepItemId]);
      expect(program?.lastChange).toEqual(await repoOf(createHepRepository, scopeA()).lastChange(a.patientId));
      expect(program?.lastChange).not.toEqual(strays.at);
    }),
  }),
  folders: cover(createFoldersRepository, {
    list: crossClinic(async (r) => {
      const query = folderListQuerySchema.parse({ page_size: 100 });
      for (const viewer of [viewerOf(a), staffViewer()]) {
        const { rows, count } = await r.list(viewer, query);
        expect(rows.map((f) => f.id)).toEqual([a.folderId]);
        expect(count).toBe(1);
      }
    }),
    findVisible: crossClinic(async (r) => {
      expect((await r.findVisible(viewerOf(a), [b.folderId, a.folderId])).map((f) => f.id)).toEqual([a.folderId]);
      expect((await r.findVisible(staffViewer(), [b.folderId])).map((f) => f.id)).toEqual([]);
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert(a.therapistId, 'Scope check');
      expect((await r.findVisible(viewerOf(a), [id])).map((f) => f.clinicId)).toEqual([a.clinicId]);
      expect(await repoOf(createFoldersRepository, scopeB()).findVisible(staffViewer(), [id])).toEqual([]);
      await db.delete(videoFolders).where(eq(videoFolders.id, id));
    }),
    rename: crossClinic(async (r) => {
      await r.rename(b.folderId, 'Renamed');
      expect((await folderOfB())?.name).toBe('Knee set');
    }),
    setShared: crossClinic(async (r) => {
      await r.setShared([b.folderId], false);
      expect((await folderOfB())?.isShared).toBe(true);
    }),
    deleteMany: crossClinic(async (r) => {
      await r.deleteMany([b.folderId]);
      expect((await folderOfB())?.id).toBe(b.folderId);
    }),
    addItems: crossClinic(async (r) => {
      const inB = await itemsOfFolder(b.folderId);
      await r.addItems([b.folderId], [a.videoId]);
      expect(await itemsOfFolder(b.folderId)).toEqual(inB);
      // Nor does B's video go into A's folder.
      const inA = await itemsOfFolder(a.folderId);
      await r.addItems([a.folderId], [b.videoId]);
      expect(await itemsOfFolder(a.folderId)).toEqual(inA);
    }),
    removeItems: crossClinic(async (r) => {
      const inB = await itemsOfFolder(b.folderId);
      expect(await r.removeItems(b.folderId, [b.videoId, globalVideoId])).toEqual([]);
      expect(await itemsOfFolder(b.folderId)).toEqual(inB);
    }),
  }),
  hepRequests: cover(createHepRequestsRepository, {
    insert: crossClinic(async (r) => {
      const id = await r.insert(a.therapistId, 'A wall slide, please');
      const one = { id, page: 1, pageSize: 1, order: 'newest' } as const;
      expect((await r.list(one)).rows.map((row) => row.clinicId)).toEqual([a.clinicId]);
      expect((await repoOf(createHepRequestsRepository, scopeB()).list(one)).rows).toEqual([]);
      await db.delete(hepRequests).where(eq(hepRequests.id, id));
    }),
    list: crossClinic(async (r) => {
      const { rows, count } = await r.list({ page: 1, pageSize: 100, order: 'oldest' });
      expect(rows.map((row) => row.clinicId)).toEqual([a.clinicId]);
      expect(count).toBe(1);
      const ofB = await requestOfB();
      expect((await r.list({ id: ofB.id, page: 1, pageSize: 1, order: 'oldest' })).rows).toEqual([]);
      const byB = await r.list({ requestedBy: b.therapistId, page: 1, pageSize: 10, order: 'oldest' });
      expect(byB).toEqual({ rows: [], count: 0 });
    }),
    lock: crossClinic(async (r) => {
      expect(await r.lock((await requestOfB()).id)).toBeUndefined();
      const [ofA] = (await r.list({ page: 1, pageSize: 1, order: 'oldest' })).rows;
      expect((await r.lock(ofA!.id))?.clinicId).toBe(a.clinicId);
    }),
    findGlobalVideo: crossClinic(async (r) => {
      // No clinic's video is a global one, in whichever clinic; the global library is every clinic's to use.
      expect(await r.findGlobalVideo(b.videoId)).toBeUndefined();
      expect(await r.findGlobalVideo(a.videoId)).toBeUndefined();
      expect((await r.findGlobalVideo(globalVideoId))?.id).toBe(globalVideoId);
    }),
    answer: crossClinic(async (r) => {
      const before = await requestOfB();
      await r.answer(before.id, { status: 'answered', answer: 'Here', answeredBy: a.supervisorId, videoId: null, now });
      expect(await requestOfB()).toEqual(before);
    }),
  }),
  videoUsage: cover(createVideoUsageRepository, {
    inActivePrograms: crossClinic(async (r) => {
      expect(await r.inActivePrograms([b.videoId, a.videoId])).toEqual([a.videoId]);
    }),
    withExerciseHistory: crossClinic(async (r) => {
      expect(await r.withExerciseHistory([b.videoId, a.videoId])).toEqual([a.videoId]);
    }),
    deleteProgramItems: crossClinic(async (r) => {
      await r.deleteProgramItems([b.videoId]);
      expect((await hepItemOfB()).id).toBe(b.hepItemId);
    }),
  }),
  captions: cover(createCaptionsRepository, {
    list: crossClinic(async (r) => {
      expect(await r.list(b.videoId)).toEqual([]);
      expect((await r.list(a.videoId)).map((track) => track.language)).toEqual(['en']);
    }),
    find: crossClinic(async (r) => {
      expect(await r.find(b.videoId, 'en')).toBeNull();
      expect((await r.find(a.videoId, 'en'))?.vtt).toContain('WEBVTT');
    }),
    save: crossClinic(async (r) => {
      const before = await captionOfB();
      expect(await r.save(b.videoId, 'en', otherCaption, a.therapistId, now)).toBe(false);
      expect(await r.save(b.videoId, 'es', otherCaption, a.therapistId, now)).toBe(false);
      expect(await captionOfB()).toEqual(before);
      expect(await repoOf(createCaptionsRepository, scopeB()).find(b.videoId, 'es')).toBeNull();
      // Nor does a clinic caption the global library, which every clinic uses.
      expect(await r.save(globalVideoId, 'en', otherCaption, a.therapistId, now)).toBe(false);
      expect(await r.find(globalVideoId, 'en')).toBeNull();
    }),
    remove: crossClinic(async (r) => {
      expect(await r.remove(b.videoId, 'en')).toBe(false);
      expect(await captionOfB()).not.toBeNull();
    }),
    textByGuid: crossClinic(async (r) => {
      expect(await r.textByGuid(b.videoGuid, 'en')).toBeNull();
      expect(await r.textByGuid(a.videoGuid, 'en')).toContain('WEBVTT');
    }),
  }),
  videos: cover(createVideosRepository, {
    list: crossClinic(async (r) => {
      const all = await r.list(viewerOf(a), videoListQuerySchema.parse({ page_size: 100 }));
      expect(all.rows.map((v) => v.clinicId).filter((id) => id === b.clinicId)).toEqual([]);
      expect(all.rows.map((v) => v.id)).toContain(a.videoId);
      expect(all.count).toBe(all.rows.length);
      // The global video is in both clinics' folders: the folder ids shown are only those of A's clinic.
      expect(all.rows.find((v) => v.id === globalVideoId)?.folderIds).toEqual([a.folderId]);
      const asStaff = await r.list(staffViewer(), videoListQuerySchema.parse({ page_size: 100 }));
      expect(asStaff.rows.find((v) => v.id === globalVideoId)?.folderIds).toEqual([a.folderId]);
      const inBFolder = await r.list(viewerOf(a), videoListQuerySchema.parse({ folder: b.folderId }));
      expect(inBFolder.rows).toEqual([]);
      const inAFolder = await r.list(viewerOf(a), videoListQuerySchema.parse({ folder: a.folderId }));
      expect(inAFolder.rows.map((v) => v.id)).toContain(globalVideoId);
      const ofClinic = await r.list(viewerOf(a), videoListQuerySchema.parse({ scope: 'clinic' }));
      expect(ofClinic.rows.map((v) => v.id)).toEqual([a.videoId]);
    }),
    findById: crossClinic(async (r) => {
      expect(await r.findById(viewerOf(a), b.videoId)).toBeNull();
      expect((await r.findById(viewerOf(a), a.videoId))?.id).toBe(a.videoId);
    }),
    findManyVisible: crossClinic(async (r) => {
      expect((await r.findManyVisible([b.videoId, a.videoId])).map((v) => v.id)).toEqual([a.videoId]);
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert({ ...VIDEO_DEFAULTS, guid: 'clinic-scope-insert', ownerUserId: a.therapistId });
      expect((await r.findById(viewerOf(a), id))?.clinicId).toBe(a.clinicId);
      expect(await repoOf(createVideosRepository, scopeB()).findById(viewerOf(b), id)).toBeNull();
      await db.delete(videos).where(eq(videos.id, id));
    }),
    insertGlobal: crossClinic(async (r) => {
      // A clinic's scope never writes the global library, which every clinic uses.
      const video = { ...VIDEO_DEFAULTS, guid: 'clinic-scope-global-insert', ownerUserId: a.therapistId };
      await expect(r.insertGlobal(video)).rejects.toThrow(/global library/);
      expect(await r.findUpload(video.guid)).toBeNull();
    }),
    update: crossClinic(async (r) => {
      const before = await videoOfB();
      await r.update(b.videoId, { title: 'Changed' }, now);
      expect(await videoOfB()).toEqual(before);
      // Nor does a clinic change the global library.
      await r.update(globalVideoId, { title: 'Changed' }, now);
      expect((await r.findById(viewerOf(a), globalVideoId))?.title).not.toBe('Changed');
    }),
    deleteMany: crossClinic(async (r) => {
      await r.deleteMany([b.videoId, globalVideoId]);
      expect((await videoOfB()).id).toBe(b.videoId);
      expect((await r.findById(viewerOf(a), globalVideoId))?.id).toBe(globalVideoId);
    }),
    findUpload: crossClinic(async (r) => {
      expect(await r.findUpload(b.videoGuid)).toBeNull();
      expect((await r.findUpload(a.videoGuid))?.id).toBe(a.videoId);
    }),
    updateByGuid: crossClinic(async (r) => {
      const before = await videoOfB();
      await r.updateByGuid(b.videoGuid, { title: 'Changed', status: 'failed' });
      expect(await videoOfB()).toEqual(before);
    }),
    guidsWithStatus: crossClinic(async (r) => {
      const ready = await r.guidsWithStatus('ready');
      expect(ready).not.toContain(b.videoGuid);
      expect(ready).toContain(a.videoGuid);
    }),
  }),
};
