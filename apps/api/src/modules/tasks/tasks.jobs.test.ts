import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { eventually, rowsOf, type TwoServers, twoServers } from '../../../test/month-close-support.ts';
import { clinics, tasks } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { createAuditLog } from '../../lib/audit.ts';
import { createPatientsRepository } from '../patients/patients.repository.ts';
import { createTaskRules } from './task-rules.ts';

describe('the task rules on two servers of one database', () => {
  let s: TwoServers;

  const tasksOf = (clinicId: number) =>
    s.db
      .select({ id: tasks.id, kind: tasks.kind, cause: tasks.cause, status: tasks.status })
      .from(tasks)
      .where(eq(tasks.clinicId, clinicId))
      .orderBy(tasks.id);
  const openedFor = async (clinicId: number) =>
    (await auditRows(s.db, 'task.rule_opened')).filter((row) => row.clinicId === clinicId);
  const isIdle = async () => {
    const [row] = await rowsOf<{ n: number }>(
      s.db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'tasks-rules%' AND state IN ('created', 'retry', 'active')`,
      ),
    );
    return row!.n === 0;
  };

  /** A clinic with a patient who registered by QR code and a staff member waiting for approval: two tasks due. */
  async function clinicWithTasksDue() {
    const { clinic, staff } = await s.clinicWithStaff('America/New_York');
    // The supervisor approves: the approval's task is theirs.
    await s.db.update(clinics).set({ supervisorUserId: staff[2]!.id }).where(eq(clinics.id, clinic.id));
    const patientId = await createPatientsRepository(s.db, clinicScope(clinic.id)).insert({
      firstName: 'Rosa',
      lastName: 'Qr',
      phone: '5550108888',
      birthday: '1950-05-05',
      source: 'qr',
    });
    const pending = await makeUser(s.db, clinic.id, { role: 'therapist', approvalStatus: 'pending' });
    return { clinic, causes: [`patient:${patientId}`, `user:${pending.id}`] };
  }

  let first: Awaited<ReturnType<typeof clinicWithTasksDue>>;

  beforeAll(async () => {
    s = await twoServers();
    first = await clinicWithTasksDue();
    // Both servers start at once, each sending the check of every clinic's rules at its start.
    await s.start();
  });
  afterAll(() => s?.close());

  it('opens each task due once, with one audit row, when both servers start', async () => {
    await eventually(async () => (await tasksOf(first.clinic.id)).length === 2 && (await isIdle()));
    const found = await tasksOf(first.clinic.id);
    expect(found.map((t) => t.cause)).toEqual(first.causes);
    expect(found.map((t) => t.status)).toEqual(['new', 'new']);
    expect(await openedFor(first.clinic.id)).toHaveLength(2);
  });

  it('makes one task per cause when both servers evaluate one clinic at the same moment', async () => {
    const { clinic, causes } = await clinicWithTasksDue();
    const rules = s.databases.map((database) =>
      createTaskRules({ db: database.db, clock: s.clock, audit: createAuditLog(database.db) }),
    );
    await Promise.all(rules.map((r) => r.evaluateClinic(clinic.id)));
    // The same evaluation sent to the queue twice, unkeyed, so each server's worker may take one.
    await Promise.all([
      s.sender.send('tasks-rules', { clinicId: clinic.id }),
      s.sender.send('tasks-rules', { clinicId: clinic.id }),
    ]);
    await eventually(isIdle);
    expect((await tasksOf(clinic.id)).map((t) => t.cause)).toEqual(causes);
    expect(await openedFor(clinic.id)).toHaveLength(2);
  });
});
