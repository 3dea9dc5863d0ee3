import type { ChatMessage } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatTestbedForFile, settle } from '../../../test/chat-support.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { signedInPatient } from '../../../test/patient-app-support.ts';
import { auditEvents, chatSessions } from '../../db/schema.ts';

const { t, call, home, away, listen } = await chatTestbedForFile();

const patientChat = async (token: string) => {
  const res = await call.get('/api/v1/patient/chat/', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { session: number; unread_message_count: number };
};
const send = (token: string, session: number, message: string) =>
  call.post('/chat/message', token, { session, message });
const staffListed = async (token: string, session: number) =>
  (await call.get('/chat/therapist', token)).json().results.find((s: { id: number }) => s.id === session);
const audited = (action: string, patientId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, patientId)));

describe("the patient's conversation with the clinic", () => {
  it('is opened once, is the one staff see, and counts unread messages for each reader', async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    const opened = await patientChat(patient.token);
    expect(opened.unread_message_count).toBe(0);
    expect((await patientChat(patient.token)).session).toBe(opened.session);
    expect(await audited('chat.open', patient.id)).toHaveLength(1);
    const staffSession = (await call.post('/chat/session', home.therapist.token, { patient: patient.id })).json();
    expect(staffSession.id).toBe(opened.session);

    expect((await send(home.therapist.token, opened.session, 'How did the squats go?')).statusCode).toBe(201);
    expect((await patientChat(patient.token)).unread_message_count).toBe(1);
    const read = await call.get(`/chat/message?session=${opened.session}`, patient.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().results.map((m: ChatMessage) => m.message)).toEqual(['How did the squats go?']);
    expect((await patientChat(patient.token)).unread_message_count).toBe(0);

    t.clock.advanceMinutes(10);
    const reply = await send(patient.token, opened.session, 'Fine, a bit sore.');
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ sender: { role: 'patient' }, session: opened.session });
    // Only the patient's message is unread for staff, the therapist's own as for a colleague.
    expect(await staffListed(home.manager.token, opened.session)).toMatchObject({
      unread_message_count: 1,
      freshness: 'CHAT_RECENT',
      last_message: { message: 'Fine, a bit sore.' },
    });
    expect((await staffListed(home.therapist.token, opened.session)).unread_message_count).toBe(1);
    const [row] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.id, opened.session));
    expect(row!.lastPatientMessageAt?.toISOString()).toBe(t.clock.now().toISOString());
    const patientUserId = (await call.get('/api/v1/users/', patient.token)).json().results[0].id;
    expect(await audited('chat.read', patient.id)).toMatchObject([{ actorUserId: patientUserId }]);
    expect((await audited('chat.send', patient.id)).map((a) => a.actorUserId)).toEqual([
      home.therapist.id,
      patientUserId,
    ]);
  });

  it("answers 404 for another patient's or another clinic's conversation, and 403 for staff calls", async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    const neighbour = await signedInPatient(t.app, t.database.db, home.manager.token);
    const stranger = await signedInPatient(t.app, t.database.db, away.manager.token);
    const own = await patientChat(patient.token);
    const theirs = await patientChat(neighbour.token);
    const foreign = await patientChat(stranger.token);
    await send(home.therapist.token, theirs.session, 'Private to the neighbour');
    const support = (await call.get('/chat/support', home.therapist.token)).json().results[0].id;
    for (const session of [theirs.session, foreign.session, support, 999_999]) {
      expectProblem(await call.get(`/chat/message?session=${session}`, patient.token), 404);
      expectProblem(await send(patient.token, session, 'Hello?'), 404);
    }
    expectProblem(await call.get(`/chat/message?session=${own.session}`, stranger.token), 404);
    expectProblem(await call.get('/api/v1/patient/chat/', home.therapist.token), 403);
    expectProblem(await send(patient.token, own.session, '  '), 400);
    // The removed patient's conversation is closed to them: removal ends their sign-in.
    await call.post(`/api/v1/patients/${patient.id}/remove/`, home.manager.token);
    expectProblem(await call.get(`/chat/message?session=${own.session}`, patient.token), 401);
    expectProblem(await call.get('/api/v1/patient/chat/', patient.token), 401);
  });
});

describe('live delivery to and from patients', () => {
  it("reaches the patient's room and the clinic's staff, and nobody else", async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    const neighbour = await signedInPatient(t.app, t.database.db, home.manager.token);
    const stranger = await signedInPatient(t.app, t.database.db, away.manager.token);
    const { session } = await patientChat(patient.token);
    const patientSocket = await listen(patient.token);
    const manager = await listen(home.manager.token);
    const others = await Promise.all([listen(neighbour.token), listen(stranger.token), listen(away.therapist.token)]);

    const toPatient = (await send(home.therapist.token, session, 'Staff to patient')).json() as ChatMessage;
    const toStaff = (await send(patient.token, session, 'Patient to staff')).json() as ChatMessage;
    await settle();
    expect(patientSocket.received.map((m) => m.id)).toEqual([toPatient.id, toStaff.id]);
    expect(manager.received.map((m) => m.message)).toEqual(['Staff to patient', 'Patient to staff']);
    for (const other of others) expect(other.received).toEqual([]);
  });

  it('lets a reconnecting patient catch up from the last message it has, with nothing of others', async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    const neighbour = await signedInPatient(t.app, t.database.db, home.manager.token);
    const { session } = await patientChat(patient.token);
    const theirs = await patientChat(neighbour.token);
    const seen = (await send(home.therapist.token, session, 'Seen already')).json() as ChatMessage;
    await send(home.therapist.token, session, 'Missed 1');
    await send(home.therapist.token, theirs.session, 'For the neighbour');
    await send(home.manager.token, session, 'Missed 2');
    const back = await listen(patient.token, seen.id);
    await settle();
    expect(back.received.map((m) => m.message)).toEqual(['Missed 1', 'Missed 2']);
  });
});
