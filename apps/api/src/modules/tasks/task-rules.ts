/**
 * The rules' tasks (decision 0902): what is due is decided by the contract's pure rules from facts read on the
 * clinic's calendar day (the billing inputs give calls, data days and episodes, as they give banners and billing);
 * a due task is opened once per cause (insert … on conflict), and an open one whose cause went away is closed by its
 * rule. Evaluated for a whole clinic by the job, and for one patient or staff member at once when they change.
 */
import {
  approveStaffTask,
  canBillRtm,
  type DueRuleTask,
  duePatientTasks,
  hepRequestAnsweredTask,
  NO_DATA_DAYS,
  onboardPatientTask,
  type RuleTaskKind,
  roleLabels,
} from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBillingInputs, openEpisodeFacts } from '../billing/billing-inputs.ts';
import { dataFor, type TxData } from '../data-access.ts';

type Deps = { db: Db; clock: Clock; audit: AuditLog };

/** What one evaluation covers: the whole clinic, one patient's tasks, or the approvals (of one staff member). */
type Reach = { kind: 'clinic' } | { kind: 'patient'; patientId: number } | { kind: 'staff'; userId?: number };

const patientKinds = ['call_reminder', 'no_data', 'onboard_patient'] as const satisfies RuleTaskKind[];
const staffKinds = ['approve_staff'] as const satisfies RuleTaskKind[];
/** Kinds the rules close when their cause goes away; a HEP request's answer is closed by the person it is for. */
const evaluatedKinds = [...patientKinds, ...staffKinds];

/** The sentence of a rule's task; the row names its patient, so the sentence does not. */
export const ruleTaskTitle = (task: DueRuleTask, staffName?: string): string => {
  switch (task.kind) {
    case 'call_reminder':
      return 'No live call this month: call before the month ends';
    case 'no_data':
      return `No exercise or readings for ${NO_DATA_DAYS} days: check in with the patient`;
    case 'onboard_patient':
      return 'Registered by QR code: onboard the patient';
    case 'approve_staff':
      return `Approve or reject ${staffName ?? 'a new staff member'}, who signed up`;
    case 'hep_request_answered':
      return 'Your exercise video request was answered: see the library';
  }
};

type Titled = DueRuleTask & { title: string };

export function createTaskRules({ db, clock, audit }: Deps) {
  const jobData = dataFor(db, crossClinic('scheduled job'));

  /** The tasks due now in the reach, with their titles; `data` is the clinic's. */
  async function dueIn(data: TxData, clinicId: number, reach: Reach, today: string, supervisorId: number | null) {
    const repo = data.tasks;
    const due: Titled[] = [];
    if (reach.kind !== 'staff') {
      const rows = await repo.patientsForRules(reach.kind === 'patient' ? reach.patientId : undefined);
      for (const row of rows.filter((r) => r.status === 'registered')) {
        const task = onboardPatientTask(row.id);
        due.push({ ...task, title: ruleTaskTitle(task) });
      }
      const onboarded = rows.filter((r) => r.status === 'onboarded');
      if (onboarded.length > 0) {
        const inputs = await createBillingInputs(data).inputsOf({
          clinicId,
          until: today,
          patientIds: onboarded.map((r) => r.id),
        });
        const byId = new Map(inputs.map((found) => [found.patientId, found]));
        for (const row of onboarded) {
          const found = byId.get(row.id);
          const facts = found && openEpisodeFacts(found);
          if (!facts) continue;
          const concerns = { patientId: row.id, therapistId: row.therapistId, canBillRtm: canBillRtm(found.input) };
          for (const task of duePatientTasks({ ...concerns, ...facts }, today)) {
            due.push({ ...task, title: ruleTaskTitle(task) });
          }
        }
      }
    }
    // Only a supervisor approves in a clinic (admins have no tasks): without one, nobody gets the task, rather than
    // every therapist seeing an approval they cannot give; naming a supervisor opens it (`staffChanged`).
    if (reach.kind !== 'patient' && supervisorId !== null) {
      for (const user of await repo.pendingStaff(reach.kind === 'staff' ? reach.userId : undefined)) {
        const task = approveStaffTask(user.id, supervisorId);
        const name = `${user.firstName} ${user.lastName} (${roleLabels[user.role]})`;
        due.push({ ...task, title: ruleTaskTitle(task, name) });
      }
    }
    return due;
  }

  /**
   * Opens what is due, closes what is not any more, and gives open tasks to whom they are for now: the work of one
   * clinic, in that clinic's scope (decision 1340).
   */
  async function evaluate(outer: TxData, clinicId: number, reach: Reach): Promise<void> {
    const data = outer.within(clinicScope(clinicId));
    const repo = data.tasks;
    await repo.holdRules();
    const clinic = await repo.clinic();
    if (!clinic) return;
    const now = clock.now();
    const today = localDateOf(now, clinic.timezone);
    const due = await dueIn(data, clinicId, reach, today, clinic.supervisorId);
    const reached = reach.kind === 'clinic' ? evaluatedKinds : reach.kind === 'patient' ? patientKinds : staffKinds;
    // Without a supervisor the approvals are nobody's to decide here: their open tasks stay as they are.
    const kinds = clinic.supervisorId === null ? reached.filter((kind) => kind !== 'approve_staff') : reached;
    const open = await repo.openRuleTasks(kinds, {
      patientId: reach.kind === 'patient' ? reach.patientId : undefined,
      cause:
        reach.kind === 'staff' && reach.userId !== undefined ? approveStaffTask(reach.userId, null).cause : undefined,
    });
    const key = (task: { kind: string; cause: string | null }) => `${task.kind} ${task.cause}`;
    const dueByKey = new Map(due.map((task) => [key(task), task]));
    const openByKey = new Map(open.map((task) => [key(task), task]));

    const gone = open.filter((task) => !dueByKey.has(key(task))).map((task) => task.id);
    for (const closed of await repo.closeByRule(gone, now)) {
      await audit.record(
        {
          action: 'task.rule_closed',
          outcome: 'success',
          clinicId,
          patientId: closed.patientId,
          detail: { task_id: closed.id, kind: closed.kind, cause: closed.cause },
        },
        data.db,
      );
    }
    for (const task of due) {
      const already = openByKey.get(key(task));
      if (already) {
        if (already.assigneeId !== task.assigneeId) await repo.reassign(already.id, task.assigneeId);
        continue;
      }
      await openTask(data, clinicId, task, now);
    }
  }

  async function openTask(outer: TxData, clinicId: number, task: Titled, now: Date) {
    const data = outer.within(clinicScope(clinicId));
    const id = await data.tasks.openByRule({ ...task, now });
    if (id === undefined) return;
    await audit.record(
      {
        action: 'task.rule_opened',
        outcome: 'success',
        clinicId,
        patientId: task.patientId,
        detail: { task_id: id, kind: task.kind, cause: task.cause },
      },
      data.db,
    );
  }

  return {
    /** Every rule of a clinic at the clock's now, in one transaction (the job's work). */
    evaluateClinic: (clinicId: number) => jobData.transaction((data) => evaluate(data, clinicId, { kind: 'clinic' })),

    /** Every clinic's id, for the job to send one evaluation each (evaluated then in that clinic's scope). */
    clinicIds: () => jobData.tasks.clinicIds(),

    /** One patient's rules, inside the caller's change (a call logged or deleted, a lifecycle step, a registration). */
    patientChanged: (data: TxData, patient: { id: number; clinicId: number }) =>
      evaluate(data, patient.clinicId, { kind: 'patient', patientId: patient.id }),

    /** The approvals' rules, of one staff member or of all the clinic's, inside the caller's change. */
    staffChanged: (data: TxData, clinicId: number, userId?: number) =>
      evaluate(data, clinicId, { kind: 'staff', userId }),

    /**
     * Tells whoever asked for an exercise video that the content team answered (the HEP request queue calls it
     * when it answers): one task per request, closed by the person it is for.
     */
    hepRequestAnswered: async (data: TxData, clinicId: number, request: { id: number; requestedBy: number }) => {
      const task = hepRequestAnsweredTask(request.id, request.requestedBy);
      await openTask(data, clinicId, { ...task, title: ruleTaskTitle(task) }, clock.now());
    },
  };
}

export type TaskRules = ReturnType<typeof createTaskRules>;
