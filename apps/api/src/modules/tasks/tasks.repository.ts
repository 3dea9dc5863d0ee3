import type { RuleTaskKind, TaskStatus } from '@rehabit/contract';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { clinics, patients, tasks, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';

const assignees = aliasedTable(users, 'assignees');
const creators = aliasedTable(users, 'creators');
const closers = aliasedTable(users, 'closers');

/** A task with the names the list shows: its patient's and the people's. */
const taskWithNames = {
  id: tasks.id,
  clinicId: tasks.clinicId,
  kind: tasks.kind,
  status: tasks.status,
  title: tasks.title,
  cause: tasks.cause,
  dueDate: tasks.dueDate,
  createdAt: tasks.createdAt,
  doneAt: tasks.doneAt,
  closedBy: tasks.closedBy,
  assigneeId: tasks.assigneeId,
  patientId: tasks.patientId,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  assigneeFirstName: assignees.firstName,
  assigneeLastName: assignees.lastName,
  createdById: tasks.createdBy,
  creatorFirstName: creators.firstName,
  creatorLastName: creators.lastName,
  doneById: tasks.doneBy,
  closerFirstName: closers.firstName,
  closerLastName: closers.lastName,
};
/**
 * Which of the scope's tasks a caller reaches: all of them, or those assigned to one staff member or to nobody. The
 * clinic is the repository's scope (decision 1340).
 */
export type TaskReach = { assigneeOrNobody?: number };

/** The reach as a condition; a removed patient's tasks leave with the patient, as the patient leaves every list. */
const reachOf = (scope: ClinicScope, { assigneeOrNobody }: TaskReach): SQL =>
  and(
    inScope(tasks.clinicId, scope),
    or(isNull(tasks.patientId), ne(patients.status, 'removed')),
    assigneeOrNobody === undefined ? undefined : or(eq(tasks.assigneeId, assigneeOrNobody), isNull(tasks.assigneeId)),
  )!;

/** What a rule opens: one task per clinic, kind and cause. */
export type RuleTaskValues = {
  kind: RuleTaskKind;
  cause: string;
  patientId: number | null;
  assigneeId: number | null;
  title: string;
  now: Date;
};

/**
 * The clinic's work queue: its list, a person's changes, and what the rules read and write. Every query keeps to the
 * scope, and a task is written into the scope's one clinic (decision 1340).
 */
export const createTasksRepository = (db: DbOrTx, scope: ClinicScope) => {
  const selectTasks = () =>
    db
      .select(taskWithNames)
      .from(tasks)
      .leftJoin(patients, eq(patients.id, tasks.patientId))
      .leftJoin(assignees, eq(assignees.id, tasks.assigneeId))
      .leftJoin(creators, eq(creators.id, tasks.createdBy))
      .leftJoin(closers, eq(closers.id, tasks.doneBy))
      .$dynamic();

  const countWhere = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ n: count() })
      .from(tasks)
      .leftJoin(patients, eq(patients.id, tasks.patientId))
      .where(where);
    return row?.n ?? 0;
  };

  return {
    /**
     * A page of the reach's tasks of a status. New tasks: those with a due date first, the earliest first, then the
     * newest; done tasks: the last done first.
     */
    async list(reach: TaskReach, query: { status: TaskStatus; patientId?: number; page: number; pageSize: number }) {
      const where = and(
        reachOf(scope, reach),
        eq(tasks.status, query.status),
        query.patientId === undefined ? undefined : eq(tasks.patientId, query.patientId),
      );
      const order =
        query.status === 'new'
          ? [sql`${tasks.dueDate} asc nulls last`, desc(tasks.createdAt), desc(tasks.id)]
          : [desc(tasks.doneAt), desc(tasks.id)];
      const [rows, total] = await Promise.all([
        selectTasks()
          .where(where)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        countWhere(where),
      ]);
      return { rows, count: total };
    },

    /** How many of the reach's tasks have a status. */
    countOf: (reach: TaskReach, status: TaskStatus) => countWhere(and(reachOf(scope, reach), eq(tasks.status, status))),

    async findInReach(id: number, reach: TaskReach) {
      const [row] = await selectTasks()
        .where(and(eq(tasks.id, id), reachOf(scope, reach)))
        .limit(1);
      return row;
    },

    /** Marks a new task done by a person; answers whether it was new (a task done already is left as it is). */
    async markDone(id: number, userId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ status: 'done', doneAt: now, doneBy: userId, closedBy: 'person' })
        .where(and(eq(tasks.id, id), inScope(tasks.clinicId, scope), eq(tasks.status, 'new')))
        .returning({ id: tasks.id });
      return rows.length > 0;
    },

    /** Makes a done task new again; answers whether it was done. */
    async reopen(id: number): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ status: 'new', doneAt: null, doneBy: null, closedBy: null })
        .where(and(eq(tasks.id, id), inScope(tasks.clinicId, scope), eq(tasks.status, 'done')))
        .returning({ id: tasks.id });
      return rows.length > 0;
    },

    /**
     * A person's task in the scope's clinic; answers its id. A task about a patient of another clinic is refused as
     * not found (decision 1340).
     */
    async insert(values: Omit<typeof tasks.$inferInsert, 'clinicId'>): Promise<number> {
      if (!(await allPatientsInScope(db, scope, [values.patientId]))) throw notFound('patient');
      const [row] = await db
        .insert(tasks)
        .values({ ...values, clinicId: clinicIdOf(scope) })
        .returning({ id: tasks.id });
      return row!.id;
    },

    /**
     * Opens a rule's task unless its cause has one already; a task its rule closed earlier opens again (the cause
     * came back), one a person closed stays done. Answers the task's id when this call opened it; none is opened
     * about a patient of another clinic (decision 1340).
     */
    async openByRule(values: RuleTaskValues): Promise<number | undefined> {
      if (!(await allPatientsInScope(db, scope, [values.patientId]))) return undefined;
      const [row] = await db
        .insert(tasks)
        .values({
          clinicId: clinicIdOf(scope),
          kind: values.kind,
          cause: values.cause,
          patientId: values.patientId,
          assigneeId: values.assigneeId,
          title: values.title,
          createdAt: values.now,
        })
        .onConflictDoUpdate({
          target: [tasks.clinicId, tasks.kind, tasks.cause],
          targetWhere: isNotNull(tasks.cause),
          set: { status: 'new', doneAt: null, doneBy: null, closedBy: null, assigneeId: values.assigneeId },
          setWhere: and(eq(tasks.status, 'done'), eq(tasks.closedBy, 'rule')),
        })
        .returning({ id: tasks.id });
      return row?.id;
    },

    /** The scope's open rule tasks of some kinds, of one patient or one cause when given. */
    async openRuleTasks(kinds: readonly RuleTaskKind[], only: { patientId?: number; cause?: string }) {
      return db
        .select({ id: tasks.id, kind: tasks.kind, cause: tasks.cause, assigneeId: tasks.assigneeId })
        .from(tasks)
        .where(
          and(
            inScope(tasks.clinicId, scope),
            eq(tasks.status, 'new'),
            isNotNull(tasks.cause),
            inArray(tasks.kind, [...kinds]),
            only.patientId === undefined ? undefined : eq(tasks.patientId, only.patientId),
            only.cause === undefined ? undefined : eq(tasks.cause, only.cause),
          ),
        );
    },

    /** Closes open tasks of the scope whose cause went away; answers those this call closed. */
    async closeByRule(ids: number[], now: Date) {
      if (ids.length === 0) return [];
      return db
        .update(tasks)
        .set({ status: 'done', doneAt: now, doneBy: null, closedBy: 'rule' })
        .where(and(inScope(tasks.clinicId, scope), inArray(tasks.id, ids), eq(tasks.status, 'new')))
        .returning({ id: tasks.id, kind: tasks.kind, cause: tasks.cause, patientId: tasks.patientId });
    },

    /** Gives an open task of the scope to another staff member (a patient's new therapist, a new supervisor). */
    async reassign(id: number, assigneeId: number | null) {
      await db
        .update(tasks)
        .set({ assigneeId })
        .where(and(inScope(tasks.clinicId, scope), eq(tasks.id, id), eq(tasks.status, 'new')));
    },

    /**
     * Holds the scope's clinic's task rules for the rest of the transaction: one evaluation at a time per clinic, so
     * the job's facts read before a call was logged never reopen the reminder that call just closed.
     */
    async holdRules() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`task-rules:${clinicIdOf(scope)}`}))`);
    },

    /** What the rules of the scope's clinic need of it: its calendar and its supervisor. */
    async clinic() {
      const [row] = await db
        .select({ timezone: clinics.timezone, supervisorId: clinics.supervisorUserId })
        .from(clinics)
        .where(eq(clinics.id, clinicIdOf(scope)));
      return row;
    },

    /** The ids of the scope's clinics: every clinic's for the rules' job, which evaluates each in its own scope. */
    async clinicIds(): Promise<number[]> {
      const rows = await db
        .select({ id: clinics.id })
        .from(clinics)
        .where(inScope(clinics.id, scope))
        .orderBy(asc(clinics.id));
      return rows.map((row) => row.id);
    },

    /** The scope's patients some rule may concern (onboarded, or registered by QR code), or one of them. */
    async patientsForRules(patientId?: number) {
      return db
        .select({
          id: patients.id,
          status: patients.status,
          source: patients.source,
          therapistId: patients.therapistId,
        })
        .from(patients)
        .where(
          and(
            inScope(patients.clinicId, scope),
            patientId === undefined ? undefined : eq(patients.id, patientId),
            or(eq(patients.status, 'onboarded'), and(eq(patients.status, 'registered'), eq(patients.source, 'qr'))),
          ),
        )
        .orderBy(asc(patients.id));
    },

    /** The scope's staff waiting for approval, or one of them. */
    async pendingStaff(userId?: number) {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
        .from(users)
        .where(
          and(
            inScope(users.clinicId, scope),
            userId === undefined ? undefined : eq(users.id, userId),
            inArray(users.role, ['therapist', 'manager']),
            eq(users.approvalStatus, 'pending'),
          ),
        )
        .orderBy(asc(users.id));
    },
  };
};

export type TaskRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createTasksRepository>['findInReach']>>>;
