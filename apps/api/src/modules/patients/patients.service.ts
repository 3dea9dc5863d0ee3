import type {
  LogInteractionBody,
  MonitoringPatientEndReason,
  OnboardBody,
  PatientListQuery,
  PatientStatus,
  RegisterPatientBody,
  RtmListFilter,
  RtmStatus,
} from '@rehabit/contract';
import { callDaysBackOf, canTreatPatients, toPage } from '@rehabit/contract';
import { clinicScope, narrowTo } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteAudited, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import type { Caller, Data, TxData } from '../data-access.ts';
import { overlapRefusal, placeCall } from './call-clock.ts';
import { saveCall } from './call-log.ts';
import { toInteractionLog } from './interactions.repository.ts';
import { patientScope } from './patient-access.ts';
import { identityColumnsOf, type PatientRow, toPatient } from './patients.repository.ts';

/**
 * The RTM status of listed patients, from the billing module (decision 0803), which decorates it: this module never
 * imports billing, which reads patients.
 */
export type ListRtmStatuses = {
  /** The statuses of a page's patients, read together; a patient without an episode this month has none. */
  statusesOf(
    caller: Data,
    patients: readonly { id: number; clinicId: number }[],
    /** The clinics' timezones, read with the page. */
    timezones?: ReadonlyMap<number, string>,
  ): Promise<Map<number, RtmStatus>>;
  /** The data access's patients a list filter keeps (close to a threshold, ready to bill), with their statuses. */
  matchingIn(caller: Data, filter: RtmListFilter): Promise<Map<number, RtmStatus>>;
};

/**
 * The task rules of one patient, from the tasks module (decision 0902): run inside the change that may open or close
 * a rule's task (a call logged or deleted, a lifecycle step), so a call reminder closes with the call that answers it.
 * The tasks module decorates them, so this module never imports tasks, which reads patients.
 */
export type PatientTasks = {
  patientChanged(data: TxData, patient: { id: number; clinicId: number }): Promise<void>;
};

/**
 * The patient's open monitoring sessions, from the monitoring module (decision 1291): ended inside a discharge, a
 * removal or a change of therapist, at the change's instant. The monitoring module decorates them, so this module
 * never imports monitoring, which reads patients.
 */
export type PatientMonitoring = {
  patientChanged(
    data: TxData,
    actor: Caller,
    change: {
      patient: { id: number; clinicId: number };
      reason: MonitoringPatientEndReason;
      now: Date;
    },
    ctx: RequestContext,
  ): Promise<number>;
};

/**
 * The patient's reminders, from the reminders module (decision 1370): parked inside a discharge or a removal, resumed
 * inside a re-onboarding. The reminders module decorates them, so this module never imports reminders, which reads
 * patients.
 */
export type PatientReminders = {
  patientChanged(
    data: TxData,
    change: { patient: { id: number; clinicId: number }; from: PatientStatus; now: Date },
  ): Promise<void>;
};

type Deps = {
  clock: Clock;
  audit: AuditLog;
  rtm: ListRtmStatuses;
  tasks: PatientTasks;
  monitoring: PatientMonitoring;
  reminders: PatientReminders;
};
/** Which status a lifecycle action starts from and leads to (decision 0006). */
const transitions = {
  onboard: { from: ['registered'], to: 'onboarded' },
  discharge: { from: ['onboarded'], to: 'discharged' },
  re_onboard: { from: ['discharged'], to: 'onboarded' },
  remove: { from: ['registered', 'onboarded', 'discharged'], to: 'removed' },
} as const satisfies Record<string, { from: readonly PatientStatus[]; to: PatientStatus }>;
type Transition = keyof typeof transitions;

const transitionRefusal: Record<Transition, string> = {
  onboard: 'Only registered patients can be onboarded; discharged patients are re-onboarded',
  discharge: 'Only onboarded patients can be discharged',
  re_onboard: 'Only discharged patients can be re-onboarded',
  remove: 'This patient was removed already',
};

export function createPatientsService({ clock, audit, rtm, tasks, monitoring, reminders }: Deps) {
  const { success: record, denied: deny } = patientAudit(audit);

  async function findPatient(actor: Caller, id: number, ctx: RequestContext) {
    const patient = await actor.data.patients.findById(id);
    if (!patient) {
      await deny(actor, 'patient.read', ctx, { patient_id: id });
      throw notFound('patient');
    }
    return patient;
  }

  /**
   * Call status and chat freshness of onboarded patients, read together in the data access's scope; others have none
   * (decision 0901).
   */
  async function contactOf(data: Data, rows: readonly PatientRow[], now: Date) {
    const onboarded = rows.filter((row) => row.status === 'onboarded').map((row) => row.id);
    const statuses = await data.contactStatus.of(onboarded, now);
    return (id: number) => statuses.get(id) ?? { call_status: null, chat_freshness: null };
  }

  async function reload(actor: Caller, id: number) {
    return toPatient((await actor.data.patients.findById(id))!);
  }

  async function assertDiagnosis(actor: Caller, code: string, field = 'diagnosis') {
    if (!(await actor.data.icd10.find(code))) throw fieldError(field, 'Choose a diagnosis from the ICD-10 list');
  }

  /** The treating therapist must be an approved therapist (or the supervisor) of the patient's clinic. */
  async function assertTherapist(actor: Caller, therapistId: number, clinicId: number, field: string) {
    const user = await actor.data.within(clinicScope(clinicId)).users.findById(therapistId);
    const ok = user && canTreatPatients({ role: user.role, status: user.approvalStatus, has_access: user.hasAccess });
    if (!ok) throw fieldError(field, 'Choose an active therapist of this clinic');
  }

  function assertCan(transition: Transition, rows: PatientRow[]) {
    const refused = rows.filter((p) => !(transitions[transition].from as readonly string[]).includes(p.status));
    if (refused.length > 0) {
      const detail = `${transitionRefusal[transition]} (patient ${refused.map((p) => p.id).join(', ')})`;
      throw new AppError('conflict', detail, { errors: { patient_ids: [detail] } });
    }
  }

  /** Moves patients along the lifecycle in one transaction: status, episode, event and audit together. */
  async function applyTransition(
    actor: Caller,
    transition: Transition,
    rows: PatientRow[],
    ctx: RequestContext,
    change: (data: TxData, patient: PatientRow, now: Date) => Promise<void>,
  ) {
    assertCan(transition, rows);
    const now = clock.now();
    const to = transitions[transition].to;
    await actor.data.transaction(async (data) => {
      // Rows of more than one clinic change (an admin's discharge of several), each in its own clinic.
      const repoOf = (patient: PatientRow) => data.within(patientScope(patient)).patients;
      // The patients' rows first, in one order: a monitoring start on one of them waits for the change and then
      // sees it, and the change's own steps find nothing started behind their back (decision 1291).
      for (const patient of [...rows].sort((a, b) => a.id - b.id)) await repoOf(patient).lock(patient.id);
      for (const patient of rows) {
        const repo = repoOf(patient);
        await change(data, patient, now);
        await repo.update(patient.id, { status: to }, now);
        await repo.recordEvent({
          patientId: patient.id,
          action: transition,
          fromStatus: patient.status,
          toStatus: to,
          actorUserId: actor.id,
          at: now,
        });
        await record(actor, `patient.${transition}`, patient, ctx, undefined, data.db);
        await tasks.patientChanged(data, patient);
        await reminders.patientChanged(data, { patient, from: patient.status, now });
      }
    });
  }

  async function findAll(actor: Caller, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await actor.data.patients.findManyByIds(unique);
    if (rows.length !== unique.length) throw notFound('patient');
    return rows;
  }

  /** A field change outside the lifecycle (therapist, coverage, details), recorded like a transition. */
  async function recordChange(
    actor: Caller,
    patient: PatientRow,
    action: 'update' | 'change_therapist' | 'update_rtm_coverage',
    values: Parameters<TxData['patients']['update']>[1],
    ctx: RequestContext,
    options: { detail?: Record<string, unknown>; alsoInTx?: (data: TxData, now: Date) => Promise<void> } = {},
  ) {
    const now = clock.now();
    const { detail } = options;
    await actor.data.transaction(async (data) => {
      const repo = data.within(patientScope(patient)).patients;
      await repo.update(patient.id, values, now);
      await options.alsoInTx?.(data, now);
      await repo.recordEvent({
        patientId: patient.id,
        action,
        actorUserId: actor.id,
        at: now,
        detail,
      });
      await record(actor, `patient.${action}`, patient, ctx, detail, data.db);
    });
  }

  const detailsOf = (body: RegisterPatientBody) => ({
    ...identityColumnsOf(body),
    diagnosis: body.diagnosis ?? null,
    mrn: body.mrn ?? null,
    insuranceMemberId: body.insurance_member_id ?? null,
    isRtmCovered: body.is_rtm_covered,
    consentDate: body.consent_date ?? null,
    consentMethod: body.consent_method ?? null,
  });

  return {
    async list(actor: Caller, query: PatientListQuery, ctx: RequestContext) {
      // "Close to a threshold" and "ready to bill" are known only once every status of the clinic is computed: the
      // filter picks the ids before the list pages (and caps) them as it pages any other filter.
      const { scope, filedUnder } = await chosenClinic(actor, query.clinic_code);
      const data = actor.data.within(scope);
      const matching = query.rtm ? await rtm.matchingIn(data, query.rtm) : undefined;
      const now = clock.now();
      // A list of one clinic is audited by the statement that reads it (decision 1470).
      const reader = { actorUserId: actor.id, ip: ctx.ip };
      const listed = await data.patients.list(query, now, matching && [...matching.keys()], reader);
      const { rows, count, countCapped, contact, timezones } = listed;
      // Registered patients were never onboarded: nothing to read for them.
      const statuses =
        matching ??
        (await rtm.statusesOf(
          data,
          rows.filter((row) => row.status !== 'registered'),
          timezones,
        ));
      if (listed.audited) noteAudited('patient.list');
      else {
        await audit.record({
          action: 'patient.list',
          outcome: 'success',
          actorUserId: actor.id,
          // Filed under each listed patient's clinic (an admin's list of every clinic names several); a page naming
          // nobody under the clinic read, the chosen one or the caller's own.
          clinicId: filedUnder,
          ip: ctx.ip,
          detail: { count, page: query.page },
          namedPatients: rows,
        });
      }
      const noContact = { call_status: null, chat_freshness: null };
      const items = rows.map((row) => ({
        ...toPatient(row),
        rtm: statuses.get(row.id) ?? null,
        ...(contact.get(row.id) ?? noContact),
      }));
      return { ...toPage(items, count, query), count_capped: countCapped };
    },

    async get(actor: Caller, id: number, ctx: RequestContext) {
      // Staff of a clinic: the row, its contact status and the audit row in one statement.
      if (actor.data.scope.kind === 'clinic') {
        const now = clock.now();
        const read = await actor.data.patientRecord.readAudited({
          id,
          actorUserId: actor.id,
          ip: ctx.ip,
          now,
        });
        if (!read) {
          await deny(actor, 'patient.read', ctx, { patient_id: id });
          throw notFound('patient');
        }
        noteAudited('patient.read');
        return { ...toPatient(read.row), ...read.contact };
      }
      const patient = await findPatient(actor, id, ctx);
      await record(actor, 'patient.read', patient, ctx);
      const contact = await contactOf(actor.data, [patient], clock.now());
      return { ...toPatient(patient), ...contact(patient.id) };
    },

    /** In the caller's clinic, or the one an admin chose by `clinicCode` (the rule of chosenClinic, decision 1152). */
    async register(actor: Caller, body: RegisterPatientBody, clinicCode: string | undefined, ctx: RequestContext) {
      const { filedUnder: clinicId } = await chosenClinic(actor, clinicCode);
      if (body.diagnosis) await assertDiagnosis(actor, body.diagnosis);
      const now = clock.now();
      // chosenClinic has checked that the caller's scope reaches the clinic.
      const clinic = narrowTo(actor.data.scope, clinicId);
      if (!clinic) throw notFound('clinic');
      const id = await actor.data.transaction(async (data) => {
        const repo = data.within(clinic).patients;
        const patientId = await repo.insert({
          ...detailsOf(body),
          source: 'staff',
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        await repo.recordEvent({
          patientId,
          action: 'register',
          toStatus: 'registered',
          actorUserId: actor.id,
          at: now,
        });
        await record(actor, 'patient.register', { id: patientId, clinicId }, ctx, undefined, data.db);
        return patientId;
      });
      return reload(actor, id);
    },

    async update(actor: Caller, id: number, body: RegisterPatientBody, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      if (body.diagnosis) await assertDiagnosis(actor, body.diagnosis);
      if (!body.diagnosis && patient.status === 'onboarded') {
        throw fieldError('diagnosis', 'An onboarded patient needs a diagnosis');
      }
      // Coverage and consent decide whether a call is reminded (decision 1240).
      await recordChange(actor, patient, 'update', detailsOf(body), ctx, {
        alsoInTx: (data) => tasks.patientChanged(data, patient),
      });
      return reload(actor, id);
    },

    async onboard(actor: Caller, id: number, body: OnboardBody, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      await assertDiagnosis(actor, body.diagnosis);
      await assertTherapist(actor, body.therapist, patient.clinicId, 'therapist');
      await applyTransition(actor, 'onboard', [patient], ctx, async (data, p, now) => {
        const repo = data.within(patientScope(p)).patients;
        await repo.update(p.id, { diagnosis: body.diagnosis, therapistId: body.therapist }, now);
        await repo.openEpisode({
          patientId: p.id,
          diagnosis: body.diagnosis,
          therapistId: body.therapist,
          startedAt: now,
          startedBy: actor.id,
        });
      });
      return reload(actor, id);
    },

    async discharge(actor: Caller, ids: number[], ctx: RequestContext) {
      const rows = await findAll(actor, ids);
      await applyTransition(actor, 'discharge', rows, ctx, async (data, p, now) => {
        await data.within(patientScope(p)).patients.closeOpenEpisode(p.id, now, actor.id);
        await monitoring.patientChanged(data, actor, { patient: p, reason: 'patient_discharged', now }, ctx);
      });
      return { results: await Promise.all(rows.map((p) => reload(actor, p.id))) };
    },

    async reOnboard(actor: Caller, ids: number[], ctx: RequestContext) {
      const rows = await findAll(actor, ids);
      const incomplete = rows.filter((p) => p.status === 'discharged' && (!p.diagnosis || !p.therapistId));
      if (incomplete.length > 0) {
        throw new AppError('conflict', 'Onboard these patients with a diagnosis and therapist instead', {
          errors: { patient_ids: [`Patient ${incomplete.map((p) => p.id).join(', ')} has no diagnosis or therapist`] },
        });
      }
      await applyTransition(actor, 're_onboard', rows, ctx, (data, p, now) =>
        data.within(patientScope(p)).patients.openEpisode({
          patientId: p.id,
          diagnosis: p.diagnosis!,
          therapistId: p.therapistId,
          startedAt: now,
          startedBy: actor.id,
        }),
      );
      return { results: await Promise.all(rows.map((p) => reload(actor, p.id))) };
    },

    async remove(actor: Caller, id: number, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      await applyTransition(actor, 'remove', [patient], ctx, async (data, p, now) => {
        await data.within(patientScope(p)).patients.closeOpenEpisode(p.id, now, actor.id);
        await monitoring.patientChanged(data, actor, { patient: p, reason: 'patient_removed', now }, ctx);
        // A removed patient's own sign-in ends with the record (the caller closes the live connection too).
        if (p.userId) await data.within(clinicScope(p.clinicId)).sessions.revokeAllForUser(p.userId, now);
      });
      return { patient: { ...toPatient(patient), status: 'removed' as const }, userId: patient.userId };
    },

    async changeTherapist(actor: Caller, id: number, therapistId: number, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      await assertTherapist(actor, therapistId, patient.clinicId, 'therapist_id');
      await recordChange(actor, patient, 'change_therapist', { therapistId }, ctx, {
        detail: { from: patient.therapistId, to: therapistId },
        // The open RTM episode and the patient's open rule tasks follow the patient to the new therapist; the open
        // monitoring sessions end at the hand-over (decision 1291).
        alsoInTx: async (data, now) => {
          await data.within(patientScope(patient)).patients.setOpenEpisodeTherapist(id, therapistId);
          await tasks.patientChanged(data, patient);
          await monitoring.patientChanged(data, actor, { patient, reason: 'therapist_changed', now }, ctx);
        },
      });
      return reload(actor, id);
    },

    async setRtmCoverage(actor: Caller, id: number, isCovered: boolean, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      await recordChange(actor, patient, 'update_rtm_coverage', { isRtmCovered: isCovered }, ctx, {
        detail: { from: patient.isRtmCovered, to: isCovered },
        // A call is reminded only where RTM can bill (decision 1240): the reminder follows the coverage at once.
        alsoInTx: (data) => tasks.patientChanged(data, patient),
      });
      return reload(actor, id);
    },

    async listInteractions(actor: Caller, id: number, page: number, pageSize: number, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      // The patient's calls are those of the patient's clinic, as billing counts them (decision 1340).
      const calls = actor.data.within(patientScope(patient)).interactions;
      const { rows, count } = await calls.list(id, page, pageSize);
      await record(actor, 'interaction.list', patient, ctx);
      return toPage(rows.map(toInteractionLog), count, { page, page_size: pageSize });
    },

    async logInteraction(actor: Caller, id: number, body: LogInteractionBody, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      const calendar = (await actor.data.clinicianTime.callCalendarOf(id))!;
      const now = clock.now();
      const span = placeCall(body, { ...calendar, daysBack: callDaysBackOf(actor.role) }, now);
      const logId = await actor.data.transaction(async (data) => {
        // One clinician's calls are checked and saved one at a time, so two at once cannot both take the same time.
        // The caller's calls in every clinic their scope reaches (an admin's: every clinic, decision 1281).
        const time = data.clinicianTime;
        await time.lockClinician(actor.id);
        const busy = await time.firstOverlap(actor.id, span.start, span.end);
        if (busy) throw overlapRefusal(busy, id, calendar.timezone);
        const call = { ...body, patient, staffId: actor.id, startedAt: span.start, now };
        return saveCall(data, { audit, tasks }, call, { actorUserId: actor.id, ip: ctx.ip });
      });
      return toInteractionLog((await actor.data.within(patientScope(patient)).interactions.findLive(id, logId))!);
    },

    async deleteInteraction(actor: Caller, id: number, logId: number, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      if (!(await actor.data.within(patientScope(patient)).interactions.findLive(id, logId))) {
        throw notFound('interaction log');
      }
      await actor.data.transaction(async (data) => {
        await data.within(patientScope(patient)).interactions.softDelete(logId, actor.id, clock.now());
        await record(actor, 'interaction.delete', patient, ctx, { log_id: logId }, data.db);
        await tasks.patientChanged(data, patient);
      });
    },

    /**
     * Writes what was said on a video visit onto the entry the visit logged without a note (decision 1385). A call
     * typed in by hand keeps the note it was logged with.
     */
    async setInteractionNote(actor: Caller, id: number, logId: number, notes: string, ctx: RequestContext) {
      const patient = await findPatient(actor, id, ctx);
      const calls = actor.data.within(patientScope(patient)).interactions;
      const log = await calls.findLive(id, logId);
      if (!log) throw notFound('interaction log');
      if (log.kind !== 'video') {
        throw new AppError(
          'conflict',
          'Only a video visit’s entry takes a note afterwards; a typed call keeps its own',
        );
      }
      await actor.data.transaction(async (data) => {
        await data.within(patientScope(patient)).interactions.setNotes(logId, notes);
        await record(
          actor,
          'interaction.update_note',
          patient,
          ctx,
          { log_id: logId, had_note: log.notes !== '' },
          data.db,
        );
      });
      return toInteractionLog({ ...log, notes });
    },

    /** The ICD-10 codes matching a term, ranked; the list is the same for every clinic. */
    async searchIcd10(actor: Caller, search: string, page: number, pageSize: number) {
      const { rows, count } = await actor.data.icd10.search(search, page, pageSize);
      return toPage(rows, count, { page, page_size: pageSize });
    },
  };
}
export type PatientsService = ReturnType<typeof createPatientsService>;
