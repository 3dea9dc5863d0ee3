/**
 * Tasks: the clinic's work queue (decision 0902). A task is `new` until done.
 * It comes from a person (a staff member asks a colleague to do something about a patient, by a date) or from a rule
 * evaluated on the clinic's calendar day. A rule task carries its cause as a key, so the same cause never makes a
 * second task, and it closes itself when its cause goes away. Pure: the API gives the facts and the day.
 */
import { z } from 'zod';
import { daysBetween } from './calendar.ts';
import { reminderPeriodStart } from './call-status.ts';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { NO_DATA_DAYS } from './patient-status.ts';
import { isoDateSchema } from './patients.ts';

/** The task list's status filter defaults to `new` (decisions 0902 and 0910). */
export const TASK_DEFAULT_STATUS = 'new';
export const taskStatuses = ['new', 'done'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** Tasks made by rules, one per cause. */
export const ruleTaskKinds = [
  /** The month's last CALL_REMINDER_PERIOD days without a live call: for the patient's therapist. */
  'call_reminder',
  /** An onboarded patient without a data day for NO_DATA_DAYS: for the patient's therapist. */
  'no_data',
  /** A patient who registered through the clinic's QR code waits to be onboarded: for the clinic. */
  'onboard_patient',
  /** A staff member signed up and waits for approval: for the clinic's supervisor. */
  'approve_staff',
  /** The content team answered a HEP video request: for the staff member who asked. */
  'hep_request_answered',
] as const;
export type RuleTaskKind = (typeof ruleTaskKinds)[number];
/** A task a staff member gave a colleague. */
export const PERSON_TASK_KIND = 'assigned';
export const taskKinds = [...ruleTaskKinds, PERSON_TASK_KIND] as const;
export type TaskKind = (typeof taskKinds)[number];

/** How a done task was closed: by a person, or by its rule when its cause went away. */
export const taskClosedBy = ['person', 'rule'] as const;

/** What the rules of one onboarded patient are decided from, on `today`, the clinic's calendar day. */
export type PatientTaskFacts = {
  patientId: number;
  /** The patient's treating therapist, who gets the patient's tasks. */
  therapistId: number | null;
  /** The first day of the current episode. */
  onboardedOn: string;
  /** A live call (phone or video) is logged in today's month. */
  hasLiveCallThisMonth: boolean;
  /** Covered for RTM and consented (`canBillRtm`): only then is a call reminded (decision 1240). */
  canBillRtm: boolean;
  lastDataDay: string | null;
};

/** A task a rule wants open now: its kind, the cause that makes it (unique per clinic and kind), whom it concerns. */
export type DueRuleTask = {
  kind: RuleTaskKind;
  cause: string;
  patientId: number | null;
  assigneeId: number | null;
};

/**
 * The patient rules on `today`: a call reminder in the month's last CALL_REMINDER_PERIOD days without a live call,
 * for a patient whose RTM can bill (cause: the month; decision 1240), and "no data" after NO_DATA_DAYS without a data day, counted from onboarding when there
 * is none yet (cause: the last data day, so new data and a new silence make a new task).
 */
export function duePatientTasks(facts: PatientTaskFacts, today: string): DueRuleTask[] {
  const due: DueRuleTask[] = [];
  const concerns = { patientId: facts.patientId, assigneeId: facts.therapistId };
  if (facts.canBillRtm && !facts.hasLiveCallThisMonth && today >= reminderPeriodStart(today)) {
    due.push({ kind: 'call_reminder', cause: `patient:${facts.patientId}:month:${today.slice(0, 7)}`, ...concerns });
  }
  const quietSince = facts.lastDataDay ?? facts.onboardedOn;
  if (daysBetween(quietSince, today) >= NO_DATA_DAYS) {
    const since = facts.lastDataDay ?? `onboarded-${facts.onboardedOn}`;
    due.push({ kind: 'no_data', cause: `patient:${facts.patientId}:since:${since}`, ...concerns });
  }
  return due;
}

/** A registered patient (by QR code) waiting to be onboarded: one task for the clinic. */
export const onboardPatientTask = (patientId: number): DueRuleTask => ({
  kind: 'onboard_patient',
  cause: `patient:${patientId}`,
  patientId,
  assigneeId: null,
});

/** A staff member waiting for approval: one task for the supervisor. */
export const approveStaffTask = (userId: number, supervisorId: number | null): DueRuleTask => ({
  kind: 'approve_staff',
  cause: `user:${userId}`,
  patientId: null,
  assigneeId: supervisorId,
});

/** A HEP video request answered: one task for whoever asked. */
export const hepRequestAnsweredTask = (requestId: number, requestedBy: number): DueRuleTask => ({
  kind: 'hep_request_answered',
  cause: `hep_request:${requestId}`,
  patientId: null,
  assigneeId: requestedBy,
});

const personRefSchema = z.object({ id: z.number().int(), display_name: z.string() });

export const taskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(taskKinds),
  status: z.enum(taskStatuses),
  /** What to do, in words: the rule's sentence, or the colleague's own. */
  title: z.string(),
  patient: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  /** Who should do it; null: anyone of the clinic who works tasks. */
  assignee: personRefSchema.nullable(),
  /** Who asked; null for a rule's task. */
  created_by: personRefSchema.nullable(),
  /** `YYYY-MM-DD`, for a person's task with a date. */
  due_date: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
  done_by: personRefSchema.nullable(),
  closed_by: z.enum(taskClosedBy).nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** `mine`: assigned to the caller or to nobody (a therapist's only view); `clinic`: every task of the clinic. */
export const taskScopes = ['mine', 'clinic'] as const;
export type TaskScope = (typeof taskScopes)[number];

export const taskListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  status: z.enum(taskStatuses).default(TASK_DEFAULT_STATUS),
  /** Therapists always get `mine`; the default for managers and supervisors is `clinic`. */
  scope: z.enum(taskScopes).optional(),
  patient_id: z.optional(idSchema),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export const taskListSchema = paginated(taskSchema);

export const createTaskBodySchema = z.object({
  /** The colleague who should do it: a therapist, office manager or supervisor of the clinic, the caller included. */
  assignee_id: idSchema,
  patient_id: z.optional(idSchema),
  title: z.string().trim().min(1, { error: 'Say what needs doing' }).max(500),
  /** `YYYY-MM-DD`, a day that exists; the API refuses one before today in the clinic's calendar. */
  due_date: isoDateSchema.optional(),
});
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;

export const taskEndpoints = defineEndpoints('tasks', {
  /** The caller's tasks of a status (default `new`), newest first, paginated (decision 0902). */
  list: {
    method: 'GET',
    path: '/api/v1/tasks/',
    access: 'tasks.work',
    audit: { read: 'task.list' },
    query: taskListQuerySchema,
    status: 200,
    response: taskListSchema,
  },
  /** Marks a task done (decision 0902): it leaves the list of new tasks. Done again answers the task as it is. */
  done: {
    method: 'POST',
    path: '/api/v1/tasks/:id/done/',
    access: 'tasks.work',
    audit: { change: 'task.done' },
    params: z.object({ id: idSchema }),
    status: 200,
    response: taskSchema,
  },
  /** Takes a "done" back (the undo of the toast): the task is new again. */
  reopen: {
    method: 'POST',
    path: '/api/v1/tasks/:id/reopen/',
    access: 'tasks.work',
    audit: { change: 'task.reopen' },
    params: z.object({ id: idSchema }),
    status: 200,
    response: taskSchema,
  },
  /** Gives a colleague a task, about a patient or not, with a date or not. */
  create: {
    method: 'POST',
    path: '/api/v1/tasks/',
    access: 'tasks.work',
    audit: { change: 'task.create' },
    body: createTaskBodySchema,
    status: 201,
    response: taskSchema,
  },
});
