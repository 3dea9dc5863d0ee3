import {
  type CreateTaskBody,
  can,
  PERSON_TASK_KIND,
  type Task,
  type TaskListQuery,
  type TaskScope,
  toPage,
} from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { requirePatient } from '../patients/patient-access.ts';
import type { TaskReach, TaskRow } from './tasks.repository.ts';

type Deps = { clock: Clock; audit: AuditLog };

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null || first === null ? null : { id, display_name: `${first} ${last ?? ''}`.trim() };

const toTask = (row: TaskRow): Task => ({
  id: row.id,
  kind: row.kind as Task['kind'],
  status: row.status,
  title: row.title,
  patient:
    row.patientId === null
      ? null
      : { id: row.patientId, first_name: row.patientFirstName ?? '', last_name: row.patientLastName ?? '' },
  assignee: person(row.assigneeId, row.assigneeFirstName, row.assigneeLastName),
  created_by: person(row.createdById, row.creatorFirstName, row.creatorLastName),
  due_date: row.dueDate,
  created_at: row.createdAt.toISOString(),
  done_at: row.doneAt?.toISOString() ?? null,
  done_by: person(row.doneById, row.closerFirstName, row.closerLastName),
  closed_by: row.closedBy,
});

/** Therapists work their own tasks and the clinic's unassigned ones; managers and supervisors the whole clinic's. */
const scopeFor = (actor: Caller, asked?: TaskScope): TaskScope =>
  can(actor.role, 'tasks.clinic') ? (asked ?? 'clinic') : 'mine';

const reachOf = (actor: Caller, scope: TaskScope): TaskReach =>
  scope === 'mine' ? { assigneeOrNobody: actor.id } : {};

/**
 * The task list and a person's changes to it (decision 0902): every call reaches only the caller's clinic, and a
 * therapist only their own tasks and the unassigned ones; a task out of reach is not found.
 */
export function createTasksService({ clock, audit }: Deps) {
  /** A task the caller may work on, or not found (another clinic's, a colleague's for a therapist). */
  async function findTask(actor: Caller, id: number): Promise<TaskRow> {
    const row = await actor.data.tasks.findInReach(id, reachOf(actor, scopeFor(actor)));
    if (!row) throw notFound('task');
    return row;
  }

  async function change(actor: Caller, id: number, ctx: RequestContext, action: 'task.done' | 'task.reopen') {
    const task = await findTask(actor, id);
    const changed = await actor.data.transaction(async (data) => {
      const did =
        action === 'task.done' ? await data.tasks.markDone(id, actor.id, clock.now()) : await data.tasks.reopen(id);
      if (did) {
        await audit.record(
          {
            action,
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: actor.clinicId,
            patientId: task.patientId,
            ip: ctx.ip,
            detail: { task_id: id, kind: task.kind },
          },
          data.db,
        );
      }
      return did;
    });
    // Done twice, or taken back when it is new: the task is answered as it is.
    if (!changed) noteNothingChanged();
    return toTask((await actor.data.tasks.findInReach(id, {}))!);
  }

  return {
    async list(actor: Caller, query: TaskListQuery, ctx: RequestContext) {
      const scope = scopeFor(actor, query.scope);
      const { rows, count } = await actor.data.tasks.list(reachOf(actor, scope), {
        status: query.status,
        patientId: query.patient_id,
        page: query.page,
        pageSize: query.page_size,
      });
      const patientIds = [...new Set(rows.flatMap((row) => (row.patientId === null ? [] : [row.patientId])))];
      await audit.record({
        action: 'task.list',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: actor.clinicId,
        ip: ctx.ip,
        detail: { status: query.status, scope, count, page: query.page, patient_ids: patientIds },
      });
      return toPage(rows.map(toTask), count, query);
    },

    /** How many new tasks the caller's default view holds: the dashboard's figure of the list it opens on. */
    openCountOf: (actor: Caller) => actor.data.tasks.countOf(reachOf(actor, scopeFor(actor)), 'new'),

    done: (actor: Caller, id: number, ctx: RequestContext) => change(actor, id, ctx, 'task.done'),

    reopen: (actor: Caller, id: number, ctx: RequestContext) => change(actor, id, ctx, 'task.reopen'),

    /** Gives a colleague of the clinic (the caller included) a task, about one of its patients or not. */
    async create(actor: Caller, body: CreateTaskBody, ctx: RequestContext) {
      const assignee = await actor.data.within(clinicScope(actor.clinicId)).users.findById(body.assignee_id);
      // A task goes to someone who works tasks (the permission table's `tasks.work`).
      if (!assignee || !can(assignee.role, 'tasks.work')) throw notFound('staff member');
      if (assignee.approvalStatus !== 'approved' || !assignee.hasAccess) {
        throw fieldError('assignee_id', 'Choose a colleague who is approved and may sign in');
      }
      const patient = body.patient_id
        ? await requirePatient(audit, actor, body.patient_id, 'task.create', ctx)
        : undefined;
      const now = clock.now();
      if (body.due_date) {
        const clinic = await actor.data.tasks.clinic();
        const today = localDateOf(now, clinic!.timezone);
        if (body.due_date < today) throw fieldError('due_date', `Choose today (${today}) or a later day`);
      }
      const id = await actor.data.transaction(async (data) => {
        const taskId = await data.tasks.insert({
          kind: PERSON_TASK_KIND,
          title: body.title,
          patientId: patient?.id ?? null,
          assigneeId: assignee.id,
          createdBy: actor.id,
          dueDate: body.due_date ?? null,
          createdAt: now,
        });
        await audit.record(
          {
            action: 'task.create',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: actor.clinicId,
            patientId: patient?.id ?? null,
            ip: ctx.ip,
            detail: { task_id: taskId, assignee_id: assignee.id, due_date: body.due_date ?? null },
          },
          data.db,
        );
        return taskId;
      });
      return toTask((await actor.data.tasks.findInReach(id, {}))!);
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
