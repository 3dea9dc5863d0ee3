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
import { clinics, patients, tasks, users } from '../../db/schema.ts';

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
/** Which of a clinic's tasks a caller reaches: all of them, or those assigned to one staff member or to nobody. */
export type TaskReach = { clinicId: number; assigneeOrNobody?: number };

/** The reach as a condition; a removed patient's tasks leave with the patient, as the patient leaves every list. */
const reachOf = ({ clinicId, assigneeOrNobody }: TaskReach): SQL =>
  and(
    eq(tasks.clinicId, clinicId),
    or(isNull(tasks.patientId), ne(patients.status, 'removed')),
    assigneeOrNobody === undefined ? undefined : or(eq(tasks.assigneeId, assigneeOrNobody), isNull(tasks.assigneeId)),
  )!;

/** What a rule opens: one task per clinic, kind and cause. */
export type RuleTaskValues = {
  clinicId: number;
  kind: RuleTaskKind;
  cause: string;
  patientId: number | null;
  assigneeId: number | null;
  title: string;
  now: Date;
};

/** The clinic's work queue: its list, a person's changes, and what the rules read and write. */
export const createTasksRepository = (db: DbOrTx) => {
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
        reachOf(reach),
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
    countOf: (reach: TaskReach, status: TaskStatus) => countWhere(and(reachOf(reach), eq(tasks.status, status))),

    async findInReach(id: number, reach: TaskReach) {
      const [row] = await selectTasks()
        .where(and(eq(tasks.id, id), reachOf(reach)))
        .limit(1);
      return row;
    },

    /** Marks a new task done by a person; answers whether it was new (a task done already is left as it is). */
    async markDone(id: number, clinicId: number, userId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ status: 'done', doneAt: now, doneBy: userId, closedBy: 'person' })
        .where(and(eq(tasks.id, id), eq(tasks.clinicId, clinicId), eq(tasks.status, 'new')))
        .returning({ id: tasks.id });
      return rows.length > 0;
    },

    /** Makes a done task new again; answers whether it was done. */
    async reopen(id: number, clinicId: number): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ status: 'new', doneAt: null, doneBy: null, closedBy: null })
        .where(and(eq(tasks.id, id), eq(tasks.clinicId, clinicId), eq(tasks.status, 'done')))
        .returning({ id: tasks.id });
      return rows.length > 0;
    },

    /** A person's task; answers its id. */
    async insert(values: typeof tasks.$inferInsert): Promise<number> {
      const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
      return row!.id;
    },

    /**
     * Opens a rule's task unless its cause has one already; a task its rule closed earlier opens again (the cause
     * came back), one a person closed stays done. Answers the task's id when this call opened it.
     */
    async openByRule(values: RuleTaskValues): Promise<number | undefined> {
      const [row] = await db
        .insert(tasks)
        .values({
          clinicId: values.clinicId,
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

    /** A clinic's open rule tasks of some kinds, of one patient or one cause when given. */
    async openRuleTasks(
      clinicId: number,
      kinds: readonly RuleTaskKind[],
      only: { patientId?: number; cause?: string },
    ) {
      return db
        .select({ id: tasks.id, kind: tasks.kind, cause: tasks.cause, assigneeId: tasks.assigneeId })
        .from(tasks)
        .where(
          and(
            eq(tasks.clinicId, clinicId),
            eq(tasks.status, 'new'),
            isNotNull(tasks.cause),
            inArray(tasks.kind, [...kinds]),
            only.patientId === undefined ? undefined : eq(tasks.patientId, only.patientId),
            only.cause === undefined ? undefined : eq(tasks.cause, only.cause),
          ),
        );
    },

    /** Closes open tasks of a clinic whose cause went away; answers those this call closed. */
    async closeByRule(clinicId: number, ids: number[], now: Date) {
      if (ids.length === 0) return [];
      return db
        .update(tasks)
        .set({ status: 'done', doneAt: now, doneBy: null, closedBy: 'rule' })
        .where(and(eq(tasks.clinicId, clinicId), inArray(tasks.id, ids), eq(tasks.status, 'new')))
        .returning({ id: tasks.id, kind: tasks.kind, cause: tasks.cause, patientId: tasks.patientId });
    },

    /** Gives an open task of the clinic to another staff member (a patient's new therapist, a new supervisor). */
    async reassign(clinicId: number, id: number, assigneeId: number | null) {
      await db
        .update(tasks)
        .set({ assigneeId })
        .where(and(eq(tasks.clinicId, clinicId), eq(tasks.id, id), eq(tasks.status, 'new')));
    },

    /** What the rules of a clinic need of it: its calendar and its supervisor. */
    /**
     * Holds a clinic's task rules for the rest of the transaction: one evaluation at a time per clinic, so the job's
     * facts read before a call was logged never reopen the reminder that call just closed.
     */
    async holdRulesOf(clinicId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`task-rules:${clinicId}`}))`);
    },

    async clinicOf(clinicId: number) {
      const [row] = await db
        .select({ timezone: clinics.timezone, supervisorId: clinics.supervisorUserId })
        .from(clinics)
        .where(eq(clinics.id, clinicId));
      return row;
    },

    /** Every clinic's id, for the rules' job. */
    async clinicIds(): Promise<number[]> {
      return (await db.select({ id: clinics.id }).from(clinics).orderBy(asc(clinics.id))).map((row) => row.id);
    },

    /** A clinic's patients some rule may concern (onboarded, or registered by QR code), or one of them. */
    async patientsForRules(clinicId: number, patientId?: number) {
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
            eq(patients.clinicId, clinicId),
            patientId === undefined ? undefined : eq(patients.id, patientId),
            or(eq(patients.status, 'onboarded'), and(eq(patients.status, 'registered'), eq(patients.source, 'qr'))),
          ),
        )
        .orderBy(asc(patients.id));
    },

    /** A clinic's staff waiting for approval, or one of them. */
    async pendingStaff(clinicId: number, userId?: number) {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.clinicId, clinicId),
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
