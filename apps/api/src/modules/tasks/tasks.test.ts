import { pathOf, patientEndpoints, type Task, taskEndpoints } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeClinic, makeUser, PASSWORD } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, sessionForPatient } from '../../../test/hep-support.ts';
import { makeStaffedClinic, type StaffedClinic } from '../../../test/patients-support.ts';
import { patients, tasks } from '../../db/schema.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import { createAuditLog } from '../../lib/audit.ts';
import { dataFor } from '../data-access.ts';
import { createPatientsRepository } from '../patients/patients.repository.ts';
import { createTaskRules, type TaskRules } from './task-rules.ts';

let c: BilledClinics;
let rules: TaskRules;
const listPath = taskEndpoints.list.path;
const donePath = (id: number) => pathOf(taskEndpoints.done, { id });
const reopenPath = (id: number) => pathOf(taskEndpoints.reopen, { id });

type Page = { count: number; next: number | null; previous: number | null; results: Task[] };
async function list(token: string, query = ''): Promise<Page> {
  const res = await c.call.get(`${listPath}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = async (token: string, query = '') => (await list(token, query)).results.map((t) => t.id);

async function create(token: string, body: object): Promise<Task> {
  const res = await c.call.post(listPath, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Signs a clinic's staff in again: moving the clock days ahead ends their sessions. */
async function signInAgain(clinic: StaffedClinic) {
  for (const user of [clinic.therapist, clinic.manager, clinic.supervisor]) {
    const res = await c.call.post('/clinic/therapist/signin', undefined, { email: user.email, password: PASSWORD });
    user.token = res.json().token;
  }
}
async function moveTo(instant: string, ...clinics: StaffedClinic[]) {
  c.t.clock.advanceMinutes((Date.parse(instant) - c.t.clock.now().getTime()) / 60_000);
  for (const clinic of clinics) await signInAgain(clinic);
}

/** A patient who registered through the clinic's QR code (as the registration stores one). */
async function qrPatient(clinicId: number) {
  return createPatientsRepository(c.db, clinicScope(clinicId)).insert({
    firstName: 'Rosa',
    lastName: `Qr${Math.random().toString(36).slice(2, 8)}`,
    phone: '5550109999',
    birthday: '1950-05-05',
    source: 'qr',
    // Covered and consented at registration, so a call is reminded once onboarded (decision 1240).
    isRtmCovered: true,
    consentDate: '2026-03-01',
  });
}

/** Every task of a patient (or of a clinic's kind), oldest first, as stored. */
const tasksOf = (where: { patientId?: number; clinicId?: number; kind?: string }) =>
  c.db
    .select()
    .from(tasks)
    .where(
      and(
        where.patientId === undefined ? undefined : eq(tasks.patientId, where.patientId),
        where.clinicId === undefined ? undefined : eq(tasks.clinicId, where.clinicId),
        where.kind === undefined ? undefined : eq(tasks.kind, where.kind),
      ),
    )
    .orderBy(tasks.id);
/** What a change of another module hands the rules: its data access, here the jobs' cross-clinic one. */
const jobData = () => dataFor(c.db, crossClinic('scheduled job'));
const kindsOf = async (patientId: number, status = 'new') =>
  (await tasksOf({ patientId })).filter((t) => t.status === status).map((t) => t.kind);

beforeAll(async () => {
  c = await billedClinics();
  rules = createTaskRules({ db: c.db, clock: c.t.clock, audit: createAuditLog(c.db) });
});
afterAll(() => c.t.close());

describe('the task list and a colleague’s task', () => {
  // Home is in Los Angeles; the clock is Mar 2, 07:00 there.
  let patientId: number;
  let mine: Task;
  let supervisors: Task;
  let dated: Task;
  let onboardId: number;

  beforeAll(async () => {
    patientId = await c.inEpisode('2026-03-01T17:00:00Z');
    // A QR patient's task to onboard is for the clinic: nobody's in particular.
    const qr = await qrPatient(c.home.clinic.id);
    await rules.patientChanged(jobData(), { id: qr, clinicId: c.home.clinic.id });
    onboardId = (await tasksOf({ patientId: qr }))[0]!.id;
    mine = await create(c.home.manager.token, {
      assignee_id: c.home.therapist.id,
      patient_id: patientId,
      title: '  Send the new knee program  ',
    });
    supervisors = await create(c.home.manager.token, {
      assignee_id: c.home.supervisor.id,
      title: 'Sign the March file',
    });
    dated = await create(c.home.therapist.token, {
      assignee_id: c.home.therapist.id,
      title: 'Call the orthopedist back',
      due_date: '2026-03-02',
    });
  });

  it('makes a task for a colleague, with the patient, the people and the date', async () => {
    const [patient] = await c.db.select().from(patients).where(eq(patients.id, patientId));
    expect(mine).toMatchObject({
      kind: 'assigned',
      status: 'new',
      title: 'Send the new knee program',
      patient: { id: patientId, first_name: patient!.firstName, last_name: patient!.lastName },
      assignee: { id: c.home.therapist.id },
      created_by: { id: c.home.manager.id },
      due_date: null,
      done_at: null,
      done_by: null,
      closed_by: null,
    });
    expect(mine.assignee!.display_name).toMatch(/^Jamie Tester/);
    expect(dated.due_date).toBe('2026-03-02');
    const [row] = await auditRows(c.db, 'task.create', patientId);
    expect(row).toMatchObject({ actorUserId: c.home.manager.id, detail: { task_id: mine.id } });
  });

  it('shows a therapist their own tasks and the unassigned ones, dated first, then the newest', async () => {
    expect(await ids(c.home.therapist.token)).toEqual([dated.id, mine.id, onboardId]);
    // A therapist's view is always their own, whatever they ask.
    expect(await ids(c.home.therapist.token, '?scope=clinic')).toEqual([dated.id, mine.id, onboardId]);
  });

  it('shows managers and supervisors the whole clinic, or their own when they ask', async () => {
    const all = [dated.id, supervisors.id, mine.id, onboardId];
    expect(await ids(c.home.manager.token)).toEqual(all);
    expect(await ids(c.home.supervisor.token, '?status=new&scope=clinic')).toEqual(all);
    expect(await ids(c.home.supervisor.token, '?scope=mine')).toEqual([supervisors.id, onboardId]);
    expect(await ids(c.home.manager.token, '?scope=mine')).toEqual([onboardId]);
    expect(await ids(c.away.manager.token)).toEqual([]);
  });

  it('pages the list', async () => {
    const first = await list(c.home.manager.token, '?page_size=3');
    expect(first).toMatchObject({ count: 4, next: 2, previous: null });
    expect(first.results).toHaveLength(3);
    const second = await list(c.home.manager.token, '?page_size=3&page=2');
    expect(second).toMatchObject({ count: 4, next: null, previous: 1 });
    expect(second.results.map((t) => t.id)).toEqual([onboardId]);
  });

  it('audits a read of the list with the patients on the page', async () => {
    const rows = await auditRows(c.db, 'task.list');
    expect(rows.at(-1)).toMatchObject({ actorUserId: c.home.manager.id, clinicId: c.home.clinic.id });
    const withPatient = rows.filter((r) => (r.detail as { patient_ids: number[] }).patient_ids.includes(patientId));
    expect(withPatient.length).toBeGreaterThan(0);
  });

  it('marks a task done: it leaves the new list for the done list; done again answers it as it is', async () => {
    const res = await c.call.post(donePath(mine.id), c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    const done: Task = res.json();
    expect(done).toMatchObject({ status: 'done', closed_by: 'person', done_by: { id: c.home.therapist.id } });
    expect(done.done_at).toBe(c.t.clock.now().toISOString());
    expect(await ids(c.home.therapist.token)).not.toContain(mine.id);
    expect(await ids(c.home.therapist.token, '?status=done')).toEqual([mine.id]);

    c.t.clock.advanceSeconds(5);
    const again = await c.call.post(donePath(mine.id), c.home.therapist.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(done);
    expect(await auditRows(c.db, 'task.done', patientId)).toHaveLength(1);
  });

  it('takes a "done" back: the task is new again', async () => {
    const res = await c.call.post(reopenPath(mine.id), c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'new', done_at: null, done_by: null, closed_by: null });
    expect(await ids(c.home.therapist.token)).toContain(mine.id);
    const again = await c.call.post(reopenPath(mine.id), c.home.therapist.token);
    expect(again.json()).toMatchObject({ id: mine.id, status: 'new' });
    expect(await auditRows(c.db, 'task.reopen', patientId)).toHaveLength(1);
  });

  it('does not find a colleague’s task for a therapist, nor another clinic’s task for anyone', async () => {
    expectProblem(await c.call.post(donePath(supervisors.id), c.home.therapist.token), 404);
    expectProblem(await c.call.post(donePath(mine.id), c.away.manager.token), 404);
    expectProblem(await c.call.post(reopenPath(mine.id), c.away.supervisor.token), 404);
    expectProblem(await c.call.post(donePath(2_000_000_000), c.home.manager.token), 404);
    const [row] = await tasksOf({ patientId });
    expect(row).toMatchObject({ status: 'new' });
  });

  it('refuses each bad task and makes none', async () => {
    const before = (await tasksOf({ clinicId: c.home.clinic.id })).length;
    const token = c.home.manager.token;
    const post = (body: object) =>
      c.call.post(listPath, token, { assignee_id: c.home.therapist.id, title: 'x', ...body });
    const patientAccount = await makeUser(c.db, c.home.clinic.id, { role: 'patient' });
    const pending = await makeUser(c.db, c.home.clinic.id, { role: 'therapist', approvalStatus: 'pending' });
    const removed = await c.inEpisode('2026-03-01T17:00:00Z');
    await c.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, removed));

    expectProblem(await post({ assignee_id: 2_000_000_000 }), 404);
    expectProblem(await post({ assignee_id: c.away.therapist.id }), 404);
    expectProblem(await post({ assignee_id: patientAccount.id }), 404);
    const notApproved = expectProblem(await post({ assignee_id: pending.id }), 400, 'validation_failed');
    expect(notApproved.errors?.assignee_id).toBeDefined();
    const noDay = expectProblem(await post({ due_date: '2026-02-30' }), 400);
    expect(noDay.errors?.due_date).toEqual(['This date does not exist']);
    expectProblem(await post({ due_date: 'next week' }), 400);
    // Mar 1 is yesterday in Los Angeles.
    const past = expectProblem(await post({ due_date: '2026-03-01' }), 400);
    expect(past.errors?.due_date).toEqual(['Choose today (2026-03-02) or a later day']);
    const empty = expectProblem(await post({ title: '   ' }), 400);
    expect(empty.errors?.title).toEqual(['Say what needs doing']);
    expectProblem(await post({ patient_id: await c.inEpisode('2026-03-01T17:00:00Z', { clinic: c.away }) }), 404);
    expectProblem(await post({ patient_id: removed }), 404);
    expectProblem(await post({ assignee_id: 'someone' }), 400);
    expect(await tasksOf({ clinicId: c.home.clinic.id })).toHaveLength(before);
  });

  it('refuses admins and patients, and callers who are not signed in', async () => {
    const admin = await makeUser(c.db, c.away.clinic.id, { role: 'admin' });
    const signin = await c.call.post('/clinic/therapist/signin', undefined, { email: admin.email, password: PASSWORD });
    const adminToken = signin.json().token as string;
    const { token: patientToken } = await sessionForPatient(c.t, patientId);
    for (const token of [adminToken, patientToken]) {
      expectProblem(await c.call.get(listPath, token), 403);
      expectProblem(await c.call.post(donePath(mine.id), token), 403);
      expectProblem(await c.call.post(reopenPath(mine.id), token), 403);
      expectProblem(await c.call.post(listPath, token, { assignee_id: c.home.therapist.id, title: 'x' }), 403);
    }
    expectProblem(await c.call.get(listPath), 401);
    expectProblem(await c.call.post(donePath(mine.id)), 401);
  });
});

describe('the rules’ tasks, on the clinic’s calendar day', () => {
  // A clinic in New York; every patient onboarded on Mar 1.
  let r: StaffedClinic;
  const p = {} as Record<'noCall' | 'called' | 'quiet' | 'qr' | 'uncovered', number>;
  const march = '2026-03-01T15:00:00Z';

  beforeAll(async () => {
    await moveTo('2026-03-02T15:00:00Z', c.home);
    r = await makeStaffedClinic(c.t.app, c.db);
    p.noCall = await c.inEpisode(march, { clinic: r });
    await c.readings(p.noCall, 'steps', c.days('2026-03-18', 7), r);
    p.called = await c.inEpisode(march, { clinic: r });
    await c.readings(p.called, 'steps', c.days('2026-03-18', 7), r);
    await c.logCall(p.called, { date: '2026-03-02', kind: 'phone', minutes: 5 }, r);
    // Last data on Mar 10.
    p.quiet = await c.inEpisode(march, { clinic: r });
    await c.readings(p.quiet, 'steps', ['2026-03-10'], r);
    p.qr = await qrPatient(r.clinic.id);
    // Not covered for RTM, no call: bills nothing, so no call is reminded (decision 1240).
    p.uncovered = await c.inEpisode(march, { clinic: r, isCovered: false });
    await c.readings(p.uncovered, 'steps', c.days('2026-03-18', 7), r);
  });

  it('open no call reminder before the month’s last 7 days there, though it is the 25th in UTC', async () => {
    // Mar 25, 03:00 UTC is Mar 24, 23:00 in New York.
    await moveTo('2026-03-25T03:00:00Z');
    await rules.evaluateClinic(r.clinic.id);
    expect(await kindsOf(p.noCall)).toEqual([]);
    expect(await kindsOf(p.quiet)).toEqual(['no_data']);
    expect(await kindsOf(p.qr)).toEqual(['onboard_patient']);
  });

  it('open a call reminder in the last 7 days for the patient’s therapist, none after a call this month', async () => {
    await moveTo('2026-03-25T05:00:00Z', r);
    await rules.evaluateClinic(r.clinic.id);
    const [reminder] = await tasksOf({ patientId: p.noCall });
    expect(reminder).toMatchObject({
      kind: 'call_reminder',
      status: 'new',
      cause: `patient:${p.noCall}:month:2026-03`,
      assigneeId: r.therapist.id,
      createdBy: null,
    });
    expect(await kindsOf(p.called)).toEqual([]);
    expect(await kindsOf(p.quiet)).toEqual(['no_data', 'call_reminder']);
    const [opened] = await auditRows(c.db, 'task.rule_opened', p.noCall);
    expect(opened).toMatchObject({ actorUserId: null, clinicId: r.clinic.id, detail: { task_id: reminder!.id } });
    // The therapist sees it, with the QR patient's.
    const mine = await list(r.therapist.token);
    expect(mine.results.map((t) => t.kind).sort()).toEqual([
      'call_reminder',
      'call_reminder',
      'no_data',
      'onboard_patient',
    ]);
  });

  it('remind no call for a patient not covered for RTM, and follow a change of coverage at once', async () => {
    await rules.evaluateClinic(r.clinic.id);
    expect(await kindsOf(p.uncovered)).toEqual([]);
    const coverage = (isCovered: boolean) =>
      c.call.patch(pathOf(patientEndpoints.rtmCoverage, { id: p.uncovered }), r.manager.token, {
        is_rtm_covered: isCovered,
      });
    expect((await coverage(true)).statusCode).toBe(200);
    expect(await kindsOf(p.uncovered)).toEqual(['call_reminder']);
    expect((await coverage(false)).statusCode).toBe(200);
    expect(await kindsOf(p.uncovered)).toEqual([]);
    expect(await kindsOf(p.uncovered, 'done')).toEqual(['call_reminder']);
  });

  it('never make a second task for the same cause', async () => {
    await rules.evaluateClinic(r.clinic.id);
    await rules.evaluateClinic(r.clinic.id);
    expect(await tasksOf({ patientId: p.noCall })).toHaveLength(1);
    expect(await tasksOf({ patientId: p.quiet })).toHaveLength(2);
    expect(await auditRows(c.db, 'task.rule_opened', p.noCall)).toHaveLength(1);
  });

  it('close the call reminder as the call is logged, and open it again when the call is deleted', async () => {
    const [before] = await tasksOf({ patientId: p.noCall });
    const logId = await c.logCall(p.noCall, { date: '2026-03-24', kind: 'phone', minutes: 5 }, r);
    const [closed] = await tasksOf({ patientId: p.noCall });
    expect(closed).toMatchObject({ id: before!.id, status: 'done', closedBy: 'rule', doneBy: null });
    expect(await auditRows(c.db, 'task.rule_closed', p.noCall)).toHaveLength(1);

    const res = await c.call.post(pathOf(patientEndpoints.deleteInteraction, { id: p.noCall }), r.therapist.token, {
      log: logId,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await tasksOf({ patientId: p.noCall })).toMatchObject([{ id: before!.id, status: 'new', closedBy: null }]);
  });

  it('keep a task a person marked done done, without a new one for its cause', async () => {
    const [reminder] = await tasksOf({ patientId: p.noCall });
    expect((await c.call.post(donePath(reminder!.id), r.therapist.token)).statusCode).toBe(200);
    await rules.evaluateClinic(r.clinic.id);
    expect(await tasksOf({ patientId: p.noCall })).toMatchObject([{ status: 'done', closedBy: 'person' }]);
  });

  it('close "no data" at the next evaluation once data arrives', async () => {
    await c.readings(p.quiet, 'steps', ['2026-03-24'], r);
    expect(await kindsOf(p.quiet)).toContain('no_data');
    await rules.evaluateClinic(r.clinic.id);
    expect(await kindsOf(p.quiet)).toEqual(['call_reminder']);
    expect(await kindsOf(p.quiet, 'done')).toEqual(['no_data']);
  });

  it('close the patient’s tasks as the patient is onboarded or discharged', async () => {
    const onboard = await c.call.post(pathOf(patientEndpoints.onboard, { id: p.qr }), r.manager.token, {
      diagnosis: 'M54.50',
      therapist: r.therapist.id,
    });
    expect(onboard.statusCode, onboard.body).toBe(200);
    // Onboarded in the month's last days without a call: the reminder comes with the onboarding.
    expect(await kindsOf(p.qr)).toEqual(['call_reminder']);
    expect(await kindsOf(p.qr, 'done')).toEqual(['onboard_patient']);

    const discharge = await c.call.patch('/clinic/therapist/patient/discharged', r.manager.token, {
      patient_ids: [p.quiet],
    });
    expect(discharge.statusCode, discharge.body).toBe(200);
    expect(await kindsOf(p.quiet)).toEqual([]);
  });

  it('open the supervisor’s task at a sign-up, and close it at the decision', async () => {
    const signup = await c.call.post('/clinic/therapist/signup', undefined, {
      email: 'new.colleague@example.test',
      password: 'a-long-and-unusual-passphrase',
      first_name: 'Noor',
      last_name: 'Haddad',
      role: 'therapist',
      code: r.clinic.code,
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    const [task] = await tasksOf({ clinicId: r.clinic.id, kind: 'approve_staff' });
    expect(task).toMatchObject({ status: 'new', assigneeId: r.supervisor.id, patientId: null });
    expect(task!.title).toContain('Noor Haddad');
    const userId = Number(task!.cause!.split(':')[1]);
    expect((await list(r.supervisor.token, '?scope=mine')).results.map((t) => t.id)).toContain(task!.id);
    expect((await list(r.therapist.token)).results.map((t) => t.id)).not.toContain(task!.id);

    const approval = await c.call.patch('/clinic/supervisor/approval', r.supervisor.token, {
      user_id: userId,
      status: 'approved',
    });
    expect(approval.statusCode, approval.body).toBe(200);
    expect(await tasksOf({ clinicId: r.clinic.id, kind: 'approve_staff' })).toMatchObject([
      { status: 'done', closedBy: 'rule' },
    ]);
  });

  it('open no approval task in a clinic without a supervisor, where no therapist could give it', async () => {
    const bare = await makeClinic(c.db);
    const therapist = await makeUser(c.db, bare.id, { role: 'therapist' });
    await makeUser(c.db, bare.id, { role: 'manager', approvalStatus: 'pending' });
    await rules.evaluateClinic(bare.id);
    expect(await tasksOf({ clinicId: bare.id, kind: 'approve_staff' })).toEqual([]);
    const signin = await c.call.post('/clinic/therapist/signin', undefined, {
      email: therapist.email,
      password: PASSWORD,
    });
    expect((await list(signin.json().token)).results).toEqual([]);
  });

  it('open a task for whoever asked, once, when a HEP request is answered', async () => {
    const request = { id: 4242, requestedBy: r.therapist.id };
    await rules.hepRequestAnswered(jobData(), r.clinic.id, request);
    await rules.hepRequestAnswered(jobData(), r.clinic.id, request);
    const answered = await tasksOf({ clinicId: r.clinic.id, kind: 'hep_request_answered' });
    expect(answered).toMatchObject([{ status: 'new', assigneeId: r.therapist.id, cause: 'hep_request:4242' }]);
    // The rules leave it to the person it is for.
    await rules.evaluateClinic(r.clinic.id);
    expect(await tasksOf({ clinicId: r.clinic.id, kind: 'hep_request_answered' })).toMatchObject([{ status: 'new' }]);
  });
});
