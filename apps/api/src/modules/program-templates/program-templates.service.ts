import {
  type ApplyTemplateBody,
  type ApplyTemplateResult,
  type AuditAction,
  type CreateTemplateBody,
  can,
  diagnosisMatches,
  HEP_MAX_ITEMS,
  PROTOCOL_NOTE,
  type Protocol,
  type ProtocolSummary,
  type SaveProgramAsTemplateBody,
  type Template,
  type TemplateItem,
  type TemplateItemInput,
  type TemplateListQuery,
  type TemplateSummary,
  toPage,
  type UpdateTemplateBody,
} from '@rehabit/contract';
import { type ClinicScope, clinicScope, narrowTo } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { VideoHost } from '../../video-host/host.ts';
import type { Caller, Data, TxData } from '../data-access.ts';
import type { HepDosage } from '../hep/hep.repository.ts';
import { loadProgram } from '../hep/hep.service.ts';
import { toHepVideo } from '../hep/hep-mapping.ts';
import { lockPatient, patientScope, requirePatient } from '../patients/patient-access.ts';
import type { PatientWithClinicDay } from '../patients/patients.repository.ts';
import type { LibraryVideoRow, NewTemplateItem, TemplateItemRow, TemplateRow } from './program-templates.repository.ts';
import { type ProtocolDefinition, protocolByKey, protocolDosage, protocols } from './protocols.ts';

type Deps = { clock: Clock; audit: AuditLog; host: () => VideoHost };

/** An exercise ready to be shown or copied: its video and its dosage. */
type Exercise = { video: LibraryVideoRow; dosage: HepDosage };

const displayName = (first: string | null, last: string | null) =>
  first === null ? 'Former staff member' : `${first} ${last ?? ''}`.trim();

const toDosage = (item: TemplateItemInput): HepDosage => ({
  sets: item.sets,
  reps: item.reps,
  holdSeconds: item.hold_seconds,
  timesPerDay: item.times_per_day,
  daysPerWeek: item.days_per_week,
  description: item.description,
});

const writtenDosage = (dosage: HepDosage) => ({
  sets: dosage.sets,
  reps: dosage.reps,
  hold_seconds: dosage.holdSeconds,
  times_per_day: dosage.timesPerDay,
  days_per_week: dosage.daysPerWeek,
  description: dosage.description,
});

const itemDosage = (row: TemplateItemRow): HepDosage => ({
  sets: row.sets,
  reps: row.reps,
  holdSeconds: row.holdSeconds,
  timesPerDay: row.timesPerDay,
  daysPerWeek: row.daysPerWeek,
  description: row.description,
});

/**
 * Who may change a template (decision 1400): its owner; a template shared with the clinic also those who manage the
 * clinic's templates (`templates.clinic`). A private template is its owner's alone.
 */
export const canEditTemplate = (actor: Caller, row: Pick<TemplateRow, 'ownerUserId' | 'visibility'>) =>
  row.ownerUserId === actor.id || (row.visibility === 'clinic' && can(actor.role, 'templates.clinic'));

export function createProgramTemplatesService({ clock, audit, host }: Deps) {
  const { success: recordAboutPatient, denied: deny } = patientAudit(audit);

  /** A change to a template, filed under the template's clinic. */
  const recordChange = (
    actor: Caller,
    action: AuditAction,
    clinicId: number | null,
    ctx: RequestContext,
    detail: Record<string, unknown>,
    tx?: TxData,
  ) => audit.record({ action, outcome: 'success', actorUserId: actor.id, clinicId, ip: ctx.ip, detail }, tx?.db);

  /** The clinic where the caller's own templates live: their own, an admin's too. */
  function homeScope(actor: Caller): ClinicScope {
    const home = narrowTo(actor.data.scope, actor.clinicId);
    if (!home) throw notFound('clinic');
    return home;
  }

  const summaryOf = (actor: Caller, row: TemplateRow): TemplateSummary => ({
    id: row.id,
    name: row.name,
    visibility: row.visibility,
    owner:
      row.ownerUserId === null
        ? null
        : { id: row.ownerUserId, display_name: displayName(row.ownerFirstName, row.ownerLastName) },
    is_mine: row.ownerUserId === actor.id,
    can_edit: canEditTemplate(actor, row),
    retired: row.retiredAt !== null,
    item_count: row.itemCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  const itemsOf = (exercises: Exercise[]): TemplateItem[] =>
    exercises.map((exercise, order) => ({
      video_id: exercise.video.videoId,
      video: toHepVideo(exercise.video, host()),
      order,
      ...writtenDosage(exercise.dosage),
    }));

  async function templateOf(actor: Caller, data: Data | TxData, row: TemplateRow): Promise<Template> {
    const items = await data.within(clinicScope(row.clinicId)).programTemplates.items(row.id);
    return {
      ...summaryOf(actor, { ...row, itemCount: items.length }),
      items: itemsOf(items.map((item) => ({ video: item, dosage: itemDosage(item) }))),
    };
  }

  /** A template the caller sees, else a denied attempt and 404 (another clinic's, a colleague's private one). */
  async function requireTemplate(
    actor: Caller,
    data: Data,
    id: number,
    action: AuditAction,
    ctx: RequestContext,
    detail: Record<string, unknown> = {},
  ) {
    const row = await data.programTemplates.findVisible(actor.id, id);
    if (!row) {
      await deny(actor, action, ctx, { template_id: id, ...detail });
      throw notFound('template');
    }
    return row;
  }

  /** The template's videos, checked against what the template's clinic may use: all of them usable, or 404/400. */
  async function checkVideos(
    actor: Caller,
    data: Data,
    items: TemplateItemInput[],
    action: AuditAction,
    ctx: RequestContext,
  ): Promise<NewTemplateItem[]> {
    const ids = [...new Set(items.map((item) => item.video_id))];
    const found = await data.hep.findCandidateVideos(ids);
    const missing = ids.filter((id) => !found.some((video) => video.id === id));
    if (missing.length > 0) {
      await deny(actor, action, ctx, { video_ids: missing });
      throw new AppError('not_found', `No such video: ${missing.join(', ')}`);
    }
    const errors: Record<string, string[]> = {};
    for (const [index, item] of items.entries()) {
      if (found.find((video) => video.id === item.video_id)?.status === 'failed') {
        errors[`items.${index}.video_id`] = ['This video could not be processed; choose another'];
      }
    }
    if (Object.keys(errors).length > 0) {
      throw new AppError('validation_failed', Object.keys(errors).join(', '), { errors });
    }
    return items.map((item) => ({ videoId: item.video_id, ...toDosage(item) }));
  }

  /** A protocol's exercises as the shipped library holds them, in the protocol's order, and the titles it lacks. */
  async function resolveProtocol(data: Data, protocol: ProtocolDefinition) {
    const videos = await data.programTemplates.libraryVideosByTitle(protocol.exercises.map((e) => e.title));
    const exercises: Exercise[] = [];
    const missing: string[] = [];
    for (const exercise of protocol.exercises) {
      const video = videos.find((v) => v.videoTitle.toLowerCase() === exercise.title.toLowerCase());
      if (video) exercises.push({ video, dosage: protocolDosage(exercise) });
      else missing.push(exercise.title);
    }
    return { exercises, missing };
  }

  function protocolSummary(protocol: ProtocolDefinition, available: number, diagnosis: string | null): ProtocolSummary {
    return {
      key: protocol.key,
      name: protocol.name,
      summary: protocol.summary,
      icd10_prefixes: [...protocol.icd10Prefixes],
      matches: diagnosisMatches(protocol.icd10Prefixes, diagnosis),
      note: PROTOCOL_NOTE,
      sources: [...protocol.sources],
      item_count: available,
      listed_count: protocol.exercises.length,
    };
  }

  /** The protocols ranked by the diagnosis (those matching it first, each group in the shipped order). */
  async function protocolSummaries(data: Data, diagnosis: string | null, search: string | undefined) {
    const term = search?.toLowerCase();
    const chosen = protocols.filter(
      (p) => !term || p.name.toLowerCase().includes(term) || p.summary.toLowerCase().includes(term),
    );
    const titles = [...new Set(chosen.flatMap((p) => p.exercises.map((e) => e.title.toLowerCase())))];
    const videos = await data.programTemplates.libraryVideosByTitle(titles);
    const held = new Set(videos.map((v) => v.videoTitle.toLowerCase()));
    const summaries = chosen.map((p) =>
      protocolSummary(p, p.exercises.filter((e) => held.has(e.title.toLowerCase())).length, diagnosis),
    );
    return [...summaries.filter((s) => s.matches), ...summaries.filter((s) => !s.matches)];
  }

  async function createTemplate(
    actor: Caller,
    data: Data,
    fields: { name: string; visibility: Template['visibility'] },
    items: NewTemplateItem[],
    ctx: RequestContext,
    detail: Record<string, unknown>,
    patient?: PatientWithClinicDay,
  ) {
    const now = clock.now();
    const id = await data.transaction(async (tx) => {
      const templateId = await tx.programTemplates.insert({ ownerUserId: actor.id, ...fields }, now);
      await tx.programTemplates.replaceItems(templateId, items);
      const about = { template_id: templateId, visibility: fields.visibility, items: items.length, ...detail };
      if (patient) await recordAboutPatient(actor, 'program_template.create', patient, ctx, about, tx.db);
      else await recordChange(actor, 'program_template.create', clinicIdOfData(tx), ctx, about, tx);
      return templateId;
    });
    const row = (await data.programTemplates.findVisible(actor.id, id))!;
    return templateOf(actor, data, row);
  }

  return {
    async list(actor: Caller, query: TemplateListQuery, ctx: RequestContext) {
      let scope: ClinicScope;
      let diagnosis: string | null = query.diagnosis ?? null;
      let patient: PatientWithClinicDay | undefined;
      if (query.for_patient !== undefined) {
        patient = await requirePatient(audit, actor, query.for_patient, 'program_template.list', ctx);
        scope = patientScope(patient);
        diagnosis = patient.diagnosis ?? null;
      } else {
        scope = homeScope(actor);
      }
      const data = actor.data.within(scope);
      const { rows, count } = await data.programTemplates.list(actor.id, {
        search: query.search,
        owner: query.owner,
        includeRetired: query.include_retired ?? false,
        page: query.page,
        pageSize: query.page_size,
      });
      // The protocols are offered beside the templates when no owner is asked for.
      const offered = query.owner === undefined ? await protocolSummaries(data, diagnosis, query.search) : [];
      const detail = { count, protocols: offered.filter((p) => p.matches).map((p) => p.key) };
      if (patient) await recordAboutPatient(actor, 'program_template.list', patient, ctx, detail);
      else await recordChange(actor, 'program_template.list', clinicIdOfScope(scope), ctx, detail);
      const page = toPage(
        rows.map((row) => summaryOf(actor, row)),
        count,
        query,
      );
      return { ...page, protocols: offered, diagnosis };
    },

    async get(actor: Caller, id: number, ctx: RequestContext) {
      const row = await requireTemplate(actor, actor.data, id, 'program_template.read', ctx);
      const template = await templateOf(actor, actor.data, row);
      await recordChange(actor, 'program_template.read', row.clinicId, ctx, { template_id: id });
      return template;
    },

    async protocol(actor: Caller, key: string, ctx: RequestContext): Promise<Protocol> {
      const protocol = protocolByKey(key);
      if (!protocol) throw notFound('protocol');
      const { exercises, missing } = await resolveProtocol(actor.data, protocol);
      await recordChange(actor, 'program_template.read', actor.clinicId, ctx, { protocol: key });
      return { ...protocolSummary(protocol, exercises.length, null), items: itemsOf(exercises), missing };
    },

    async create(actor: Caller, body: CreateTemplateBody, ctx: RequestContext) {
      const data = actor.data.within(homeScope(actor));
      const items = await checkVideos(actor, data, body.items, 'program_template.create', ctx);
      return createTemplate(actor, data, { name: body.name, visibility: body.visibility }, items, ctx, {});
    },

    /** The patient's active program, in order and with its dosage, as a new template of the caller's. */
    async saveFromProgram(actor: Caller, patientId: number, body: SaveProgramAsTemplateBody, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'program_template.create', ctx);
      const data = actor.data.within(patientScope(patient));
      const program = await data.hep.listActive(patient.id);
      if (program.length === 0) {
        const message = 'The program has no exercises to save as a template';
        throw new AppError('conflict', message, { errors: { body: [message] } });
      }
      const items = program.map((row) => ({
        videoId: row.videoId,
        sets: row.sets,
        reps: row.reps,
        holdSeconds: row.holdSeconds,
        timesPerDay: row.timesPerDay,
        daysPerWeek: row.daysPerWeek,
        description: row.description,
      }));
      return createTemplate(actor, data, body, items, ctx, { from_patient: patient.id }, patient);
    },

    async update(actor: Caller, id: number, body: UpdateTemplateBody, ctx: RequestContext) {
      const row = await requireTemplate(actor, actor.data, id, 'program_template.update', ctx);
      if (!canEditTemplate(actor, row)) {
        await deny(actor, 'program_template.update', ctx, { template_id: id });
        throw forbidden('Only the owner of a template, or the clinic’s managers for a shared one, can change it');
      }
      // Who may use it is the owner's choice: a manager who made a colleague's template private would lose it too.
      if (body.visibility !== undefined && body.visibility !== row.visibility && row.ownerUserId !== actor.id) {
        await deny(actor, 'program_template.update', ctx, { template_id: id });
        throw forbidden('Only the owner of a template can change who can use it');
      }
      const data = actor.data.within(clinicScope(row.clinicId));
      const items = body.items ? await checkVideos(actor, data, body.items, 'program_template.update', ctx) : undefined;
      const now = clock.now();
      await data.transaction(async (tx) => {
        await tx.programTemplates.update(id, { name: body.name, visibility: body.visibility }, now);
        if (items) await tx.programTemplates.replaceItems(id, items);
        await recordChange(
          actor,
          'program_template.update',
          row.clinicId,
          ctx,
          { template_id: id, fields: Object.keys(body) },
          tx,
        );
      });
      return templateOf(actor, data, (await data.programTemplates.findVisible(actor.id, id))!);
    },

    async retire(actor: Caller, id: number, retired: boolean, ctx: RequestContext) {
      const row = await requireTemplate(actor, actor.data, id, 'program_template.retire', ctx);
      if (!canEditTemplate(actor, row)) {
        await deny(actor, 'program_template.retire', ctx, { template_id: id });
        throw forbidden('Only the owner of a template, or the clinic’s managers for a shared one, can retire it');
      }
      const data = actor.data.within(clinicScope(row.clinicId));
      const now = clock.now();
      await data.transaction(async (tx) => {
        await tx.programTemplates.setRetired(id, retired ? now : null, retired ? actor.id : null, now);
        await recordChange(actor, 'program_template.retire', row.clinicId, ctx, { template_id: id, retired }, tx);
      });
      return templateOf(actor, data, (await data.programTemplates.findVisible(actor.id, id))!);
    },

    /**
     * Copies a template's or a protocol's exercises into the patient's program (decision 1400): after the exercises
     * the program holds, in the template's order, each with the template's dosage; a video the program holds already
     * is left out (the program's own item and dosage are kept), as is a video the library no longer offers. All of
     * them are added, or none (the program's 60-exercise cap). The new items are the program's own: the template and
     * the program stay independent afterwards.
     */
    async apply(
      actor: Caller,
      patientId: number,
      body: ApplyTemplateBody,
      ctx: RequestContext,
    ): Promise<ApplyTemplateResult> {
      const patient = await requirePatient(audit, actor, patientId, 'program_template.apply', ctx);
      const data = actor.data.within(patientScope(patient));
      let exercises: Exercise[];
      let missing: string[] = [];
      let source: Record<string, unknown>;
      if (body.template_id !== undefined) {
        // Only a template of the patient's own clinic: another clinic's is not found.
        const row = await requireTemplate(actor, data, body.template_id, 'program_template.apply', ctx, {
          patient_id: patient.id,
        });
        if (row.retiredAt !== null) {
          const message = 'This template is retired; bring it back before applying it';
          throw new AppError('conflict', message, { errors: { template_id: [message] } });
        }
        const items = await data.programTemplates.items(row.id);
        exercises = items.map((item) => ({ video: item, dosage: itemDosage(item) }));
        source = { template_id: row.id };
      } else {
        const protocol = protocolByKey(body.protocol!);
        if (!protocol) throw notFound('protocol');
        ({ exercises, missing } = await resolveProtocol(data, protocol));
        source = { protocol: protocol.key };
      }
      const unavailable = exercises.filter((e) => e.video.videoStatus === 'failed').map((e) => e.video.videoId);
      const usable = exercises.filter((e) => e.video.videoStatus !== 'failed');
      if (usable.length === 0) {
        const message = 'None of its exercises is in the exercise library';
        throw new AppError('conflict', message, { errors: { body: [message] } });
      }
      const now = clock.now();
      const outcome = await data.transaction(async (tx) => {
        await lockPatient(tx, patient);
        const active = await tx.hep.listActive(patient.id);
        const present = new Set(active.map((row) => row.videoId));
        const skippedPresent: number[] = [];
        const adding: Exercise[] = [];
        for (const exercise of usable) {
          if (present.has(exercise.video.videoId)) skippedPresent.push(exercise.video.videoId);
          else {
            present.add(exercise.video.videoId);
            adding.push(exercise);
          }
        }
        if (active.length + adding.length > HEP_MAX_ITEMS) {
          const message = `A program holds at most ${HEP_MAX_ITEMS} exercises; this one has ${active.length} and ${adding.length} more would exceed it`;
          throw new AppError('conflict', message, { errors: { body: [message] } });
        }
        const added = await tx.hep.insert(
          adding.map((e) => ({
            patientId: patient.id,
            videoId: e.video.videoId,
            folderId: null,
            folderName: null,
            createdBy: actor.id,
            ...e.dosage,
          })),
          now,
        );
        if (added.length > 0) await tx.hep.setPositions([...active.map((row) => row.id), ...added], now);
        await recordAboutPatient(
          actor,
          'program_template.apply',
          patient,
          ctx,
          {
            ...source,
            hep_ids: added,
            skipped_present: skippedPresent,
            skipped_unavailable: unavailable,
            skipped_missing: missing,
          },
          tx.db,
        );
        return { added, skippedPresent };
      });
      return {
        program: await loadProgram(data, host(), patient.id),
        added: outcome.added,
        skipped_present: outcome.skippedPresent,
        skipped_unavailable: unavailable,
        skipped_missing: missing,
      };
    },
  };
}
export type ProgramTemplatesService = ReturnType<typeof createProgramTemplatesService>;

const clinicIdOfScope = (scope: ClinicScope) => (scope.kind === 'clinic' ? scope.clinicId : null);
const clinicIdOfData = (data: TxData) => clinicIdOfScope(data.scope);
