import type { AuditAction } from '@rehabit/contract';
import {
  HEP_DEFAULTS,
  HEP_LIMITS,
  HEP_MAX_ITEMS,
  type HepAddBody,
  type HepProgram,
  type HepUpdateBody,
} from '@rehabit/contract';
import { folderViewerOf } from '../../db/visibility.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteAudited, noteNothingChanged, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { VideoHost } from '../../video-host/host.ts';
import type { Caller, Data } from '../data-access.ts';
import { lockPatient, patientScope, requirePatient } from '../patients/patient-access.ts';
import type { PatientWithClinicDay } from '../patients/patients.repository.ts';
import type { CandidateVideo, HepItemChanges, HepItemRow, NewHepItem } from './hep.repository.ts';
import { toHepItem } from './hep-mapping.ts';

type Deps = { clock: Clock; audit: AuditLog; host: () => VideoHost };

const clamp = (value: number, limits: { min: number; max: number }) =>
  Math.min(limits.max, Math.max(limits.min, value));

const toChanges = (body: HepUpdateBody): HepItemChanges => ({
  sets: body.sets,
  reps: body.reps,
  holdSeconds: body.hold_seconds,
  timesPerDay: body.times_per_day,
  daysPerWeek: body.days_per_week,
  description: body.description,
});

const capMessage = (active: number, adding: number) =>
  `A program holds at most ${HEP_MAX_ITEMS} exercises; this one has ${active} and ${adding} more would exceed it`;

/** The whole program of a patient in order, with its last change, read through the data access given. */
export async function loadProgram(data: Data, host: VideoHost, patientId: number): Promise<HepProgram> {
  const rows = await data.hep.listActive(patientId);
  return programOf(rows, await data.hep.lastChange(patientId), host);
}

const programOf = (rows: HepItemRow[], updatedAt: Date | null, host: VideoHost): HepProgram => ({
  results: rows.map((row, index) => toHepItem(row, index, host)),
  count: rows.length,
  updated_at: updatedAt?.toISOString() ?? null,
});

export function createHepService({ clock, audit, host }: Deps) {
  const { success: record, denied: deny } = patientAudit(audit);

  /** Program items of the patient by id; an id of another patient or clinic is not found. */
  async function activeItemsOf(
    actor: Caller,
    patient: PatientWithClinicDay,
    ids: number[],
    action: AuditAction,
    ctx: RequestContext,
  ) {
    const rows = (await actor.data.within(patientScope(patient)).hep.findInScope(ids)).filter(
      (row) => row.patientId === patient.id && row.deletedAt === null,
    );
    const missing = ids.filter((id) => !rows.some((row) => row.id === id));
    if (missing.length > 0) {
      await deny(actor, action, ctx, { patient_id: patient.id, hep_ids: missing });
      throw new AppError('not_found', `No such exercise in this program: ${missing.join(', ')}`);
    }
    return rows;
  }

  /** Each element of a POST as the items it adds (a folder adds all its videos) and where they go. */
  async function resolveAdditions(actor: Caller, patient: PatientWithClinicDay, body: HepAddBody, ctx: RequestContext) {
    const videoIds = [...new Set(body.flatMap((el) => (el.video_id === undefined ? [] : [el.video_id])))];
    const folderIds = [...new Set(body.flatMap((el) => (el.folder_id === undefined ? [] : [el.folder_id])))];
    const repo = actor.data.within(patientScope(patient)).hep;
    const videos = await repo.findCandidateVideos(videoIds);
    const missingVideos = videoIds.filter((id) => !videos.some((v) => v.id === id));
    if (missingVideos.length > 0) {
      await deny(actor, 'hep.added', ctx, { patient_id: patient.id, video_ids: missingVideos });
      throw new AppError('not_found', `No such video: ${missingVideos.join(', ')}`);
    }
    const folders = await repo.findFolders(folderViewerOf(actor), folderIds);
    const missingFolders = folderIds.filter((id) => !folders.some((f) => f.id === id));
    if (missingFolders.length > 0) {
      await deny(actor, 'hep.added', ctx, { patient_id: patient.id, folder_ids: missingFolders });
      throw new AppError('not_found', `No such folder: ${missingFolders.join(', ')}`);
    }
    const errors: Record<string, string[]> = {};
    const groups: { order: number | undefined; items: NewHepItem[] }[] = [];
    for (const [index, element] of body.entries()) {
      let chosen: CandidateVideo[];
      let folder: { id: number; name: string } | undefined;
      if (element.video_id !== undefined) {
        chosen = videos.filter((v) => v.id === element.video_id);
        if (chosen[0]?.status === 'failed') {
          errors[`${index}.video_id`] = ['This video could not be processed; choose another'];
          continue;
        }
      } else {
        folder = folders.find((f) => f.id === element.folder_id)!;
        chosen = (await repo.folderVideos(folder.id)).filter((v) => v.status !== 'failed');
        if (chosen.length === 0) {
          errors[`${index}.folder_id`] = ['This folder has no videos to add'];
          continue;
        }
      }
      groups.push({
        order: element.order,
        items: chosen.map((video) => ({
          patientId: patient.id,
          videoId: video.id,
          folderId: folder?.id ?? null,
          folderName: folder?.name ?? null,
          sets: element.sets ?? clamp(video.sets, HEP_LIMITS.sets),
          reps: element.reps ?? clamp(video.reps, HEP_LIMITS.reps),
          holdSeconds: element.hold_seconds ?? HEP_DEFAULTS.hold_seconds,
          timesPerDay: element.times_per_day ?? HEP_DEFAULTS.times_per_day,
          daysPerWeek: element.days_per_week ?? HEP_DEFAULTS.days_per_week,
          description: element.description ?? HEP_DEFAULTS.description,
          createdBy: actor.id,
        })),
      });
    }
    if (Object.keys(errors).length > 0) {
      const detail = Object.entries(errors)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; ');
      throw new AppError('validation_failed', detail, { errors });
    }
    return groups;
  }

  return {
    async get(actor: Caller, patientId: number, ctx: RequestContext) {
      // Staff of a clinic: the patient's check, the program and the audit row in one statement.
      if (actor.data.scope.kind === 'clinic') {
        const read = { patientId, actorUserId: actor.id, ip: ctx.ip };
        const found = await actor.data.hepProgram.readAudited(read);
        if (!found) {
          await deny(actor, 'hep.read', ctx, { patient_id: patientId });
          throw notFound('patient');
        }
        noteAudited('hep.read');
        return programOf(found.items, found.lastChange, host());
      }
      const patient = await requirePatient(audit, actor, patientId, 'hep.read', ctx);
      const program = await loadProgram(actor.data.within(patientScope(patient)), host(), patient.id);
      await record(actor, 'hep.read', patient, ctx, { count: program.count });
      return program;
    },

    /** Adds videos and folders in one transaction: all of them, or nothing. */
    async add(actor: Caller, patientId: number, body: HepAddBody, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'hep.added', ctx);
      const groups = await resolveAdditions(actor, patient, body, ctx);
      const adding = groups.reduce((n, g) => n + g.items.length, 0);
      const now = clock.now();
      const patientData = actor.data.within(patientScope(patient));
      await patientData.transaction(async (data) => {
        await lockPatient(data, patient);
        const order = (await data.hep.listActive(patient.id)).map((row) => row.id);
        if (order.length + adding > HEP_MAX_ITEMS) {
          throw new AppError('conflict', capMessage(order.length, adding), {
            errors: { body: [capMessage(order.length, adding)] },
          });
        }
        const added: number[] = [];
        // Elements are placed in body order: each one at its `order` in the program as it stands by then.
        for (const group of groups) {
          const ids = await data.hep.insert(group.items, now);
          order.splice(Math.min(group.order ?? order.length, order.length), 0, ...ids);
          added.push(...ids);
        }
        await data.hep.setPositions(order, now);
        const videoIds = groups.flatMap((g) => g.items.map((i) => i.videoId));
        await record(actor, 'hep.added', patient, ctx, { hep_ids: added, video_ids: videoIds }, data.db);
      });
      return loadProgram(patientData, host(), patient.id);
    },

    async update(actor: Caller, patientId: number, hepId: number, body: HepUpdateBody, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'hep.updated', ctx);
      await activeItemsOf(actor, patient, [hepId], 'hep.updated', ctx);
      const now = clock.now();
      const patientData = actor.data.within(patientScope(patient));
      await patientData.transaction(async (data) => {
        await data.hep.update(hepId, toChanges(body), now);
        await record(actor, 'hep.updated', patient, ctx, { hep_id: hepId, fields: Object.keys(body) }, data.db);
      });
      const program = await loadProgram(patientData, host(), patient.id);
      return program.results.find((item) => item.id === hepId)!;
    },

    /** Deleted items keep their row: the delete can be undone and past weeks still know what was assigned. */
    async remove(actor: Caller, patientId: number, ids: number[], ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'hep.deleted', ctx);
      await activeItemsOf(actor, patient, ids, 'hep.deleted', ctx);
      const now = clock.now();
      await actor.data.within(patientScope(patient)).transaction(async (data) => {
        await lockPatient(data, patient);
        await data.hep.softDelete(ids, actor.id, now);
        await data.hep.setPositions(
          (await data.hep.listActive(patient.id)).map((row) => row.id),
          now,
        );
        await record(actor, 'hep.deleted', patient, ctx, { hep_ids: ids }, data.db);
      });
      return { deleted: ids };
    },

    /**
     * Undoes a delete: the item goes back to the place it had (later items move down one), or to the end when the
     * program is shorter now. Restoring an item that is in the program already changes nothing.
     */
    async restore(actor: Caller, hepId: number, ctx: RequestContext) {
      const [item] = await actor.data.hep.findInScope([hepId]);
      if (!item) {
        await deny(actor, 'hep.restored', ctx, { hep_id: hepId });
        throw new AppError('not_found', 'No such exercise');
      }
      const patient = await requirePatient(audit, actor, item.patientId, 'hep.restored', ctx);
      const patientData = actor.data.within(patientScope(patient));
      if (item.deletedAt !== null) {
        const now = clock.now();
        await patientData.transaction(async (data) => {
          await lockPatient(data, patient);
          const order = (await data.hep.listActive(patient.id)).map((row) => row.id);
          if (order.length + 1 > HEP_MAX_ITEMS) {
            throw new AppError('conflict', capMessage(order.length, 1));
          }
          await data.hep.restore(hepId, now);
          order.splice(Math.min(item.position, order.length), 0, hepId);
          await data.hep.setPositions(order, now);
          await record(actor, 'hep.restored', patient, ctx, { hep_id: hepId }, data.db);
        });
      } else {
        noteNothingChanged();
      }
      const program = await loadProgram(patientData, host(), patient.id);
      return program.results.find((result) => result.id === hepId)!;
    },

    /** The patient's whole active program in its new order: every item once, nothing else. */
    async setOrder(actor: Caller, ids: number[], ctx: RequestContext) {
      const rows = await actor.data.hep.findInScope(ids);
      const missing = ids.filter((id) => !rows.some((row) => row.id === id));
      if (missing.length > 0) {
        await deny(actor, 'hep.reordered', ctx, { hep_ids: missing });
        throw new AppError('not_found', `No such exercise: ${missing.join(', ')}`);
      }
      const patientIds = new Set(rows.map((row) => row.patientId));
      if (patientIds.size > 1) throw orderError('List the exercises of one patient only');
      const patient = await requirePatient(audit, actor, rows[0]!.patientId, 'hep.reordered', ctx);
      const deleted = rows.filter((row) => row.deletedAt !== null).map((row) => row.id);
      if (deleted.length > 0) throw orderError(`Exercise ${deleted.join(', ')} was deleted from the program`);
      const now = clock.now();
      const patientData = actor.data.within(patientScope(patient));
      await patientData.transaction(async (data) => {
        await lockPatient(data, patient);
        const active = (await data.hep.listActive(patient.id)).map((row) => row.id);
        const left = active.filter((id) => !ids.includes(id));
        if (left.length > 0) throw orderError(`List the whole program: exercise ${left.join(', ')} is missing`);
        await data.hep.setPositions(ids, now);
        await record(actor, 'hep.reordered', patient, ctx, { hep_ids: ids }, data.db);
      });
      return loadProgram(patientData, host(), patient.id);
    },
  };
}
export type HepService = ReturnType<typeof createHepService>;

const orderError = (message: string) => new AppError('validation_failed', message, { errors: { hep_ids: [message] } });
