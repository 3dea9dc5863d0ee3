import { type RtmListFilter, type RtmStatus, type RtmStatusAnswer, rtmStatusOf } from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller, Data, TxData } from '../data-access.ts';
import { patientScope, requirePatient } from '../patients/patient-access.ts';
import { createBillingInputs } from './billing-inputs.ts';

type Deps = { clock: Clock; audit: AuditLog };

/** Which statuses each list filter keeps (decision 0803; `ready` decision 0903). */
const keeps: Record<RtmListFilter, (status: RtmStatus) => boolean> = {
  close: (status) => status.is_close,
  ready: (status) => status.is_ready_to_bill,
};

/**
 * A patient's RTM status today (decision 0803): the billing inputs read from the database, the rules of the
 * contract applied on the clinic's calendar day. The patient list gets it through `statusesOf` and `matchingIn`,
 * decorated by the billing module, so the patients module never imports billing.
 */
export function createRtmStatusService({ clock, audit }: Deps) {
  /**
   * The clinic's timezone and today in it: its calendar picks the window's days and the month's minutes. Of the one
   * clinic of the data access's scope.
   */
  async function calendarOf(data: TxData) {
    const timezone = await data.billingInputs.timezoneOf();
    return timezone ? { timezone, today: localDateOf(clock.now(), timezone) } : null;
  }

  /**
   * One clinic's statuses on `today`, in one batched read: of `patientIds`, or of every patient with an episode this
   * month. Patients without one (never onboarded, or discharged before the month) have none.
   */
  async function clinicStatuses(
    data: TxData,
    clinicId: number,
    calendar: { timezone: string; today: string } | null,
    patientIds?: number[],
  ) {
    const statuses = new Map<number, RtmStatus>();
    if (!calendar || patientIds?.length === 0) return statuses;
    const { timezone, today } = calendar;
    const found = await createBillingInputs(data).inputsOf({
      clinicId,
      until: today,
      timezone,
      patientIds,
      forStatus: true,
    });
    for (const { patientId, input } of found) statuses.set(patientId, rtmStatusOf(input, today));
    return statuses;
  }

  return {
    /**
     * The statuses of a page of patients found in the caller's data access: one read per clinic on the page (one,
     * unless a platform admin lists), each in that clinic's scope. `timezones`: the clinics' timezones when the
     * caller has just read them with the page, so they are not read again.
     */
    async statusesOf(
      caller: Data,
      patients: readonly { id: number; clinicId: number }[],
      timezones?: ReadonlyMap<number, string>,
    ): Promise<Map<number, RtmStatus>> {
      const idsByClinic = new Map<number, number[]>();
      for (const { id, clinicId } of patients) idsByClinic.set(clinicId, [...(idsByClinic.get(clinicId) ?? []), id]);
      const found = new Map<number, RtmStatus>();
      for (const [clinicId, ids] of idsByClinic) {
        const data = caller.within(clinicScope(clinicId));
        const timezone = timezones?.get(clinicId);
        const calendar = timezone ? { timezone, today: localDateOf(clock.now(), timezone) } : await calendarOf(data);
        for (const [id, status] of await clinicStatuses(data, clinicId, calendar, ids)) {
          found.set(id, status);
        }
      }
      return found;
    },

    /**
     * The patients of the data access's scope a list filter keeps (close to a threshold, ready to bill), with their
     * statuses. Computed in memory over every patient with an episode this month of the clinic (of each clinic with
     * an open episode, for a platform admin).
     */
    async matchingIn(caller: Data, filter: RtmListFilter): Promise<Map<number, RtmStatus>> {
      const clinicIds = await caller.rtmStatus.clinicsWithOpenEpisodes();
      const kept = new Map<number, RtmStatus>();
      for (const clinicId of clinicIds) {
        const data = caller.within(clinicScope(clinicId));
        for (const [id, status] of await clinicStatuses(data, clinicId, await calendarOf(data))) {
          if (keeps[filter](status)) kept.set(id, status);
        }
      }
      return kept;
    },

    /**
     * One clinic's calendar day and the statuses of its patients on it, in one batched read: of `patientIds`, or of
     * every patient with an episode this month. For the dashboard, whose figures are counts of these.
     */
    async ofClinic(
      caller: Data,
      clinicId: number,
      patientIds?: number[],
    ): Promise<{ today: string; statuses: Map<number, RtmStatus> }> {
      const data = caller.within(clinicScope(clinicId));
      const calendar = await calendarOf(data);
      if (!calendar) throw notFound('clinic');
      return { today: calendar.today, statuses: await clinicStatuses(data, clinicId, calendar, patientIds) };
    },

    /** One patient's status today, for the dashboard; another clinic's patient is not found. */
    async ofPatient(actor: Caller, patientId: number, ctx: RequestContext): Promise<RtmStatusAnswer> {
      const patient = await requirePatient(audit, actor, patientId, 'rtm_status.read', ctx);
      const calendar = { timezone: patient.timezone, today: localDateOf(clock.now(), patient.timezone) };
      const patientData = actor.data.within(patientScope(patient));
      const statuses = await clinicStatuses(patientData, patient.clinicId, calendar, [patient.id]);
      await patientAudit(audit).success(actor, 'rtm_status.read', patient, ctx);
      return { today: calendar.today, rtm: statuses.get(patient.id) ?? null };
    },
  };
}
export type RtmStatusService = ReturnType<typeof createRtmStatusService>;
