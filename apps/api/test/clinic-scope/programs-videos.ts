import { folderListQuerySchema, videoListQuerySchema } from '@rehabit/contract';
import { expect } from 'vitest';
import { createExerciseLogsRepository } from '../../src/modules/hep/exercise-logs.repository.ts';
import { createHepRepository } from '../../src/modules/hep/hep.repository.ts';
import { createHepProgramRepository } from '../../src/modules/hep/hep-program.repository.ts';
import { createFoldersRepository } from '../../src/modules/videos/folders.repository.ts';
import { createHepRequestsRepository } from '../../src/modules/videos/hep-requests.repository.ts';
import { createVideoUsageRepository } from '../../src/modules/videos/video-usage.repository.ts';
import { createVideosRepository } from '../../src/modules/videos/videos.repository.ts';
import {
  a,
  b,
  byDesign,
  cover,
  crossClinic,
  findOwnPatient,
  globalVideoId,
  guarded,
  loadFolders,
  notClinicData,
  requirePatient,
  scopeA,
  videoCatalog,
  writesOnly,
} from './harness.ts';

export const programsVideosRepositories = {
  exerciseLogs: cover(createExerciseLogsRepository, {
    findByClientId: guarded(findOwnPatient('hep/patient-program.service.ts')),
    lockByClientId: guarded(findOwnPatient('hep/patient-program.service.ts')),
    // The id is the one lockByClientId read for the signed-in patient.
    update: guarded(findOwnPatient('hep/patient-program.service.ts')),
    insertOnce: guarded(findOwnPatient('hep/patient-program.service.ts'), [
      'findInScope',
      'hep/patient-program.service.ts',
    ]),
    recordPain: guarded(findOwnPatient('hep/patient-program.service.ts')),
    todayPerItem: guarded(findOwnPatient('hep/patient-program.service.ts')),
    streak: guarded(
      findOwnPatient('hep/patient-program.service.ts'),
      requirePatient('patient-data/patient-data.service.ts'),
      findOwnPatient('patient-app/patient-app.service.ts'),
    ),
    latestPainOn: guarded(findOwnPatient('hep/patient-program.service.ts')),
  }),
  hep: cover(createHepRepository, {
    listActive: guarded(requirePatient('hep/hep.service.ts'), findOwnPatient('hep/patient-program.service.ts')),
    findInScope: crossClinic(async (r) => {
      const rows = await r.findInScope([b.hepItemId, a.hepItemId], scopeA());
      expect(rows.map((row) => row.id)).toEqual([a.hepItemId]);
    }),
    countActive: guarded(requirePatient('hep/hep.service.ts')),
    lastChange: guarded(requirePatient('hep/hep.service.ts'), findOwnPatient('hep/patient-program.service.ts')),
    insert: guarded(requirePatient('hep/hep.service.ts'), ['findCandidateVideos', 'hep/hep.service.ts']),
    update: guarded(['activeItemsOf', 'hep/hep.service.ts']),
    softDelete: guarded(['activeItemsOf', 'hep/hep.service.ts']),
    restore: guarded(['findInScope', 'hep/hep.service.ts'], requirePatient('hep/hep.service.ts')),
    setPositions: guarded(['findInScope', 'hep/hep.service.ts'], requirePatient('hep/hep.service.ts')),
    findCandidateVideos: crossClinic(async (r) => {
      expect(await r.findCandidateVideos([b.videoId], a.clinicId)).toEqual([]);
      expect((await r.findCandidateVideos([a.videoId, b.videoId], a.clinicId)).map((v) => v.id)).toEqual([a.videoId]);
    }),
    findFolders: crossClinic(async (r) => {
      expect(await r.findFolders(a.actor, [b.folderId], a.clinicId)).toEqual([]);
      // Even a folder the actor sees (their own) is refused for another clinic's patient.
      expect(await r.findFolders(a.actor, [a.folderId], b.clinicId)).toEqual([]);
    }),
    folderVideos: crossClinic(async (r) => {
      // Both folders hold their clinic's video and the same global one: only the global one is usable elsewhere.
      expect((await r.folderVideos(b.folderId, a.clinicId)).map((v) => v.id)).toEqual([globalVideoId]);
      expect((await r.folderVideos(a.folderId, b.clinicId)).map((v) => v.id)).toEqual([globalVideoId]);
    }),
  }),
  hepProgram: cover(createHepProgramRepository, {
    readAudited: crossClinic(async (r) => {
      const read = { clinicId: a.clinicId, actorUserId: a.therapistId, ip: null };
      expect(await r.readAudited({ ...read, patientId: b.patientId })).toBeUndefined();
      expect(await r.readAudited({ ...read, patientId: a.patientId })).toBeDefined();
    }),
  }),
  folders: cover(createFoldersRepository, {
    list: crossClinic(async (r) => {
      const { rows, count } = await r.list(a.actor, folderListQuerySchema.parse({ page_size: 100 }));
      expect(rows.map((f) => f.id)).toEqual([a.folderId]);
      expect(count).toBe(1);
    }),
    findVisible: crossClinic(async (r) => {
      expect((await r.findVisible(a.actor, [b.folderId, a.folderId])).map((f) => f.id)).toEqual([a.folderId]);
    }),
    insert: writesOnly('a folder of the actor, in the actor’s clinic'),
    rename: guarded(loadFolders),
    setShared: guarded(loadFolders),
    deleteMany: guarded(loadFolders),
    addItems: guarded(loadFolders, ['findManyVisible', 'videos/folders.service.ts']),
    removeItems: guarded(loadFolders),
  }),
  hepRequests: cover(createHepRequestsRepository, {
    insert: writesOnly('a request of the actor, in the actor’s clinic'),
    list: byDesign(
      'the content team’s queue spans every clinic: admins only (library.manage); or the caller’s own, or the new request',
    ),
    lock: byDesign('the content team answers requests of every clinic: admins only (library.manage)'),
    findGlobalVideo: notClinicData('only the global library’s videos, which no clinic owns'),
    answer: guarded(['lock', 'videos/hep-requests.service.ts']),
  }),
  videoUsage: cover(createVideoUsageRepository, {
    inActivePrograms: guarded(['findManyVisible', 'videos/videos.service.ts']),
    withExerciseHistory: guarded(['findManyVisible', 'videos/videos.service.ts']),
    deleteProgramItems: guarded(['findManyVisible', 'videos/videos.service.ts']),
  }),
  videos: cover(createVideosRepository, {
    list: crossClinic(async (r) => {
      const all = await r.list(a.actor, videoListQuerySchema.parse({ page_size: 100 }));
      expect(all.rows.map((v) => v.clinicId).filter((id) => id === b.clinicId)).toEqual([]);
      expect(all.rows.map((v) => v.id)).toContain(a.videoId);
      expect(all.count).toBe(all.rows.length);
      // The global video is in both clinics' folders: the folder ids shown are only those A's actor sees.
      expect(all.rows.find((v) => v.id === globalVideoId)?.folderIds).toEqual([a.folderId]);
      const inBFolder = await r.list(a.actor, videoListQuerySchema.parse({ folder: b.folderId }));
      expect(inBFolder.rows.map((v) => v.id)).toEqual([globalVideoId]);
    }),
    findById: crossClinic(async (r) => {
      expect(await r.findById(a.actor, b.videoId)).toBeNull();
      expect((await r.findById(a.actor, a.videoId))?.id).toBe(a.videoId);
    }),
    findManyVisible: crossClinic(async (r) => {
      expect((await r.findManyVisible(a.actor, [b.videoId, a.videoId])).map((v) => v.id)).toEqual([a.videoId]);
    }),
    insert: writesOnly('a video of the actor, in the actor’s clinic (admins: the global library)'),
    update: guarded(['find', 'videos/videos.service.ts']),
    deleteMany: guarded(['findManyVisible', 'videos/videos.service.ts']),
    findUpload: videoCatalog,
    updateByGuid: videoCatalog,
    guidsWithStatus: byDesign('the video host’s sweep of every upload in a status; answers file ids only'),
  }),
};
