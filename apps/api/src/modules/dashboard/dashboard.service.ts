import { type Dashboard, type DashboardQuery, isTreatingRole, reminderPeriodStart } from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { RtmStatusService } from '../billing/rtm-status.service.ts';
import type { Caller } from '../data-access.ts';
import type { TasksService } from '../tasks/tasks.service.ts';

type Deps = {
  clock: Clock;
  rtm: Pick<RtmStatusService, 'ofClinic'>;
  tasks: Pick<TasksService, 'openCountOf'>;
};

/**
 * The therapist dashboard (decision 0903): counts of the onboarded patients of one treating therapist, or of the
 * clinic, each the count of a patient-list filter read the list's way — the billable, call and data filters by the
 * list's SQL conditions, "close" and "ready" from the RTM statuses of one billing-inputs read of those patients.
 * Those who bill nothing are counted apart, with none of their minutes (decision 1240).
 */
export function createDashboardService({ clock, rtm, tasks }: Deps) {
  /** The data access of the caller's own clinic, where its staff and patients are read. */
  const ownClinicData = (actor: Caller) => actor.data.within(clinicScope(actor.clinicId));

  /**
   * Whose patients: the named therapist (a treating member of the caller's clinic), else the whole clinic when
   * asked, else the caller when they treat patients, else nobody in particular (the clinic, for an office manager).
   */
  async function therapistOf(actor: Caller, query: DashboardQuery): Promise<Dashboard['therapist']> {
    const isOwn = query.scope !== 'clinic' && isTreatingRole(actor.role);
    const id = query.therapist_id ?? (isOwn ? actor.id : undefined);
    if (id === undefined) return null;
    const user = await ownClinicData(actor).users.findById(id);
    if (!user) throw notFound('therapist');
    if (!isTreatingRole(user.role)) throw fieldError('therapist_id', 'Choose a therapist of this clinic');
    return { id: user.id, display_name: `${user.firstName} ${user.lastName}` };
  }

  return {
    async read(actor: Caller, query: DashboardQuery): Promise<Dashboard> {
      const therapist = await therapistOf(actor, query);
      const now = clock.now();
      // The caller's own clinic, an admin's too: the dashboard counts one clinic's patients.
      const onboarded = await ownClinicData(actor).dashboard.onboardedIn(therapist?.id ?? null, now);
      const { today, statuses } = await rtm.ofClinic(
        actor.data,
        actor.clinicId,
        onboarded.map((p) => p.id),
      );
      const rtmOf = (id: number) => statuses.get(id);
      const countOf = (keep: (p: (typeof onboarded)[number]) => boolean | undefined) =>
        onboarded.filter((p) => keep(p)).length;
      // Those who bill nothing are counted apart, and their minutes left out: the list shows none for them.
      const billable = onboarded.filter((p) => p.isBillable);
      return {
        today,
        therapist,
        patients_in_monitoring: onboarded.length,
        minutes_this_month: billable.reduce((sum, p) => sum + (rtmOf(p.id)?.minutes ?? 0), 0),
        billable: billable.length,
        not_billable: onboarded.length - billable.length,
        needs_call: countOf((p) => p.needsCall),
        is_call_reminder_period: today >= reminderPeriodStart(today),
        no_data: countOf((p) => p.isQuiet),
        close_to_threshold: countOf((p) => rtmOf(p.id)?.is_close),
        ready_to_bill: countOf((p) => rtmOf(p.id)?.is_ready_to_bill),
        open_tasks: await tasks.openCountOf(actor),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
