import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeUser, PASSWORD } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { makeVideo } from '../../../test/hep-support.ts';
import { signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, hepRequests, tasks } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const adminToken = (await signedInAdmin(t, home.clinic.id)).token;
const globalVideoId = (await makeVideo(t.database.db, { clinicId: null, title: 'Seated marching' })).id;
const clinicVideoId = (await makeVideo(t.database.db, { clinicId: home.clinic.id, title: 'Our own clip' })).id;

const ask = async (token: string, content: string) => {
  const res = await call.post('/video/hep_request/create', token, { request_content: content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
const answer = (id: number, body: object, token = adminToken) =>
  call.post(`/video/hep_request/${id}/answer`, token, body);
const tasksFor = (clinicId: number, cause: string) =>
  t.database.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.clinicId, clinicId), eq(tasks.cause, cause)));

describe('the HEP request queue', () => {
  it('lists open requests of every clinic, oldest first by default, newest first on asking', async () => {
    const first = await ask(home.therapist.token, 'Queue: heel raises');
    const second = await ask(away.manager.token, 'Queue: wall slides');
    const open = (await call.get('/video/hep_request?status=open&page_size=100', adminToken)).json();
    const ids = open.results.map((r: { id: number }) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(open.results.find((r: { id: number }) => r.id === second.id)).toMatchObject({
      clinic_code: away.clinic.code,
      status: 'open',
      answer: null,
      answered_by: null,
      answer_video: null,
    });
    const newest = (await call.get('/video/hep_request?order=newest&page_size=100', adminToken)).json();
    const newestIds = newest.results.map((r: { id: number }) => r.id);
    expect(newestIds.indexOf(second.id)).toBeLessThan(newestIds.indexOf(first.id));
  });

  it('refuses a bad filter and everyone but admins', async () => {
    expectProblem(await call.get('/video/hep_request?status=lost', adminToken), 400);
    expectProblem(await call.get('/video/hep_request?order=sideways', adminToken), 400);
    expectProblem(await call.get('/video/hep_request?page_size=101', adminToken), 400);
    for (const token of [home.therapist.token, home.manager.token, home.supervisor.token]) {
      expectProblem(await call.get('/video/hep_request', token), 403);
    }
  });
});

describe('answering a request', () => {
  it('answers once with a global video: the requester gets a task in their clinic, and the change is audited', async () => {
    const request = await ask(away.therapist.token, 'Answer: seated marching');
    const res = await answer(request.id, { answer: 'Filmed: see Seated marching', video_id: globalVideoId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: request.id,
      status: 'answered',
      answer: 'Filmed: see Seated marching',
      answer_video: { id: globalVideoId, title: 'Seated marching' },
      answered_by: { id: expect.any(Number) },
    });
    expect(res.json().answered_at).toEqual(expect.any(String));

    const opened = await tasksFor(away.clinic.id, `hep_request:${request.id}`);
    expect(opened).toMatchObject([
      { kind: 'hep_request_answered', status: 'new', assigneeId: away.therapist.id, patientId: null },
    ]);
    expect(await tasksFor(home.clinic.id, `hep_request:${request.id}`)).toEqual([]);
    // The requester sees the task in their own list.
    const list = (await call.get('/api/v1/tasks/?status=new', away.therapist.token)).json();
    expect(list.results.map((task: { kind: string }) => task.kind)).toContain('hep_request_answered');

    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'hep_request.answer'), eq(auditEvents.outcome, 'success')));
    expect(row).toMatchObject({
      clinicId: away.clinic.id,
      detail: {
        hep_request_id: request.id,
        status: { old: 'open', new: 'answered' },
        answer: { old: null, new: 'Filmed: see Seated marching' },
        video_id: { old: null, new: globalVideoId },
      },
    });
  });

  it('answers a second time with 409 and changes nothing', async () => {
    const request = await ask(home.therapist.token, 'Twice: clamshells');
    expect((await answer(request.id, { answer: 'Filmed' })).statusCode).toBe(200);
    expectProblem(await answer(request.id, { answer: 'Again', is_declined: true }), 409);
    const [row] = await t.database.db.select().from(hepRequests).where(eq(hepRequests.id, request.id));
    expect(row).toMatchObject({ status: 'answered', answer: 'Filmed' });
    expect(await tasksFor(home.clinic.id, `hep_request:${request.id}`)).toHaveLength(1);
  });

  it('declines with words, and the requester is told as well', async () => {
    const request = await ask(home.manager.token, 'Decline: a full yoga class');
    const res = await answer(request.id, { answer: 'Too long for an exercise video', is_declined: true });
    expect(res.json()).toMatchObject({ status: 'declined', answer_video: null });
    expect(await tasksFor(home.clinic.id, `hep_request:${request.id}`)).toMatchObject([
      { assigneeId: home.manager.id },
    ]);
  });

  it('refuses bad input, a clinic’s own video, an unknown request and other roles, changing nothing', async () => {
    const request = await ask(home.therapist.token, 'Refusals: step-ups');
    expectProblem(await answer(request.id, { answer: '' }), 400);
    expectProblem(await answer(request.id, { answer: 'x'.repeat(2001) }), 400);
    expectProblem(await answer(request.id, { answer: 'No', is_declined: true, video_id: globalVideoId }), 400);
    expectProblem(await answer(request.id, { answer: 'Ours', video_id: clinicVideoId }), 400);
    expectProblem(await answer(request.id, { answer: 'Gone', video_id: 999_999 }), 400);
    expectProblem(await answer(999_999, { answer: 'Nobody asked' }), 404);
    expectProblem(await answer(request.id, { answer: 'Me' }, home.supervisor.token), 403);
    expectProblem(await answer(request.id, { answer: 'Me' }, away.therapist.token), 403);
    const [row] = await t.database.db.select().from(hepRequests).where(eq(hepRequests.id, request.id));
    expect(row).toMatchObject({ status: 'open', answer: null, answeredBy: null });
    expect(await tasksFor(home.clinic.id, `hep_request:${request.id}`)).toEqual([]);
  });
});

describe('one’s own requests', () => {
  it('lists only the caller’s requests with their answers, newest first', async () => {
    const asker = await makeUser(t.database.db, home.clinic.id, { role: 'therapist' });
    const token = (
      await call.post('/clinic/therapist/signin', undefined, { email: asker.email, password: PASSWORD })
    ).json().token as string;
    const older = await ask(token, 'Mine: bridges');
    const newer = await ask(token, 'Mine: planks');
    await ask(home.therapist.token, 'Not mine: lunges');
    await answer(older.id, { answer: 'Filmed', video_id: globalVideoId });
    const mine = (await call.get('/video/hep_request/mine', token)).json();
    expect(mine.count).toBe(2);
    expect(mine.results.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
    expect(mine.results[1]).toMatchObject({
      status: 'answered',
      answer: 'Filmed',
      answer_video: { id: globalVideoId },
    });
    expectProblem(await call.get('/video/hep_request/mine?page=0', token), 400);
  });
});
