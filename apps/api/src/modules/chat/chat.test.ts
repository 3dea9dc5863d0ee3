import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatListeners, settle } from '../../../test/chat-support.ts';
import { makeClinic } from '../../../test/factories.ts';
import { expectProblem, testConfig } from '../../../test/helpers.ts';
import { signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { buildApp } from '../../app.ts';
import { auditEvents, chatMessages } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const admin = await signedInAdmin(t, (await makeClinic(t.database.db)).id);
const chat = chatListeners();
// Closed before the app is (the file's last hooks run first).
afterAll(() => chat.closeAll());

async function openSession(token: string, patientId: number) {
  const res = await call.post('/chat/session', token, { patient: patientId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; unread_message_count: number };
}
const send = (token: string, session: number, message: string, clientId?: string) =>
  call.post('/chat/message', token, { session, message, ...(clientId ? { client_id: clientId } : {}) });

describe('chat with patients', () => {
  it('opens one conversation per patient, saves messages and counts unread per reader', async () => {
    const patient = await call.register(home.manager.token);
    const session = await openSession(home.therapist.token, patient.id);
    expect((await openSession(home.manager.token, patient.id)).id).toBe(session.id);
    // Each opening reads the conversation's summary, audited against the patient.
    const reads = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'chat.list'));
    expect(reads.filter((row) => row.patientId === patient.id)).toHaveLength(2);
    expect(reads.find((row) => row.patientId === patient.id)).toMatchObject({ clinicId: home.clinic.id });

    const first = await send(home.therapist.token, session.id, 'How is the knee today?');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      session: session.id,
      message: 'How is the knee today?',
      sender: { id: home.therapist.id },
    });
    await send(home.therapist.token, session.id, 'Remember the heel slides.');

    const forManager = (await call.get('/chat/therapist', home.manager.token)).json();
    const listed = forManager.results.find((s: { id: number }) => s.id === session.id);
    // A colleague's messages are not unread: only the patient's are. A conversation started now waits for the
    // patient's first answer; it is not outdated.
    expect(listed).toMatchObject({
      unread_message_count: 0,
      patient: { id: patient.id },
      last_message: { message: 'Remember the heel slides.' },
    });
    expect(listed.freshness).toBeNull();
    const forSender = (await call.get('/chat/therapist', home.therapist.token)).json();
    expect(forSender.results.find((s: { id: number }) => s.id === session.id).unread_message_count).toBe(0);

    const messages = (await call.get(`/chat/message?session=${session.id}`, home.manager.token)).json();
    expect(messages.results.map((m: ChatMessage) => m.message)).toEqual([
      'Remember the heel slides.',
      'How is the knee today?',
    ]);
    const after = (await call.get('/chat/therapist', home.manager.token)).json();
    expect(after.results.find((s: { id: number }) => s.id === session.id).unread_message_count).toBe(0);
  });

  it('says on an onboarded patient’s conversation whether a live call is logged this month', async () => {
    const patient = await call.register(home.manager.token);
    const onboarded = await call.post(`/api/v1/patients/${patient.id}/onboard/`, home.manager.token, {
      diagnosis: 'M17.11',
      therapist: home.therapist.id,
    });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    const registered = await call.register(home.manager.token);
    const session = await openSession(home.therapist.token, patient.id);
    const other = await openSession(home.therapist.token, registered.id);
    const listed = async (id: number) =>
      (await call.get('/chat/therapist?page_size=100', home.therapist.token))
        .json()
        .results.find((s: { id: number }) => s.id === id);

    expect((await listed(session.id)).call_status).toMatchObject({ status: 'CALL_NOK' });
    // Not onboarded: nothing to call about.
    expect((await listed(other.id)).call_status).toBeNull();
    const logged = await call.post(`/api/v1/patients/${patient.id}/log_interaction/`, home.therapist.token, {
      // The day of the test's clock (Mar 2, 2026) where the clinic is.
      date: '2026-03-02',
      start_time: '09:00',
      kind: 'phone',
      minutes: 5,
      notes: 'Checked in by phone.',
    });
    expect(logged.statusCode, logged.body).toBeLessThan(300);
    expect((await listed(session.id)).call_status).toEqual({
      status: 'CALL_OK',
      is_needed: false,
      needs_reminder: false,
    });
    const support = (await call.get('/chat/support', home.therapist.token)).json().results;
    for (const s of support) expect(s.call_status).toBeNull();
  });

  it('saves a retried send once', async () => {
    const patient = await call.register(home.manager.token);
    const session = await openSession(home.therapist.token, patient.id);
    const a = await send(home.therapist.token, session.id, 'Once only', 'device-msg-0001');
    const b = await send(home.therapist.token, session.id, 'Once only', 'device-msg-0001');
    expect(b.json().id).toBe(a.json().id);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses other clinics, other roles and bad input', async () => {
    const patient = await call.register(home.manager.token);
    const session = await openSession(home.therapist.token, patient.id);
    expectProblem(await call.post('/chat/session', away.therapist.token, { patient: patient.id }), 404);
    expectProblem(await call.get(`/chat/message?session=${session.id}`, away.therapist.token), 404);
    expectProblem(await send(away.therapist.token, session.id, 'Hello'), 404);
    expectProblem(await call.post('/chat/session', home.supervisor.token, { patient: patient.id }), 403);
    expectProblem(await send(home.therapist.token, session.id, '   '), 400);
    expectProblem(await send(home.therapist.token, session.id, 'x'.repeat(4001)), 400);
    expectProblem(await call.get('/chat/message', home.therapist.token), 400);
    expectProblem(await call.get('/chat/therapist'), 401);
  });
});

describe('support chat', () => {
  it('gives each staff member one support conversation that admins see and answer', async () => {
    const mine = (await call.get('/chat/support', home.therapist.token)).json();
    expect(mine.count).toBe(1);
    const session = mine.results[0];
    expect(session).toMatchObject({ kind: 'support', staff: { id: home.therapist.id } });
    expect((await call.get('/chat/support', home.therapist.token)).json().results[0].id).toBe(session.id);
    await send(home.therapist.token, session.id, 'The billing badge will not clear.');

    const queue = (await call.get('/chat/support', admin.token)).json();
    expect(queue.results.find((s: { id: number }) => s.id === session.id).unread_message_count).toBe(1);
    expect((await send(admin.token, session.id, 'Fixed, thanks for telling us.')).statusCode).toBe(201);
    expect((await call.get('/chat/support', home.therapist.token)).json().results[0].unread_message_count).toBe(1);
    expectProblem(await call.get(`/chat/message?session=${session.id}`, home.manager.token), 404);
  });
});

describe('live delivery', () => {
  it('pushes saved messages to the clinic staff and to nobody else, and catches up after a restart', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const patient = await call.register(home.manager.token);
    const session = await openSession(home.therapist.token, patient.id);
    const manager = await chat.listen(baseUrl, home.manager.token);
    const stranger = await chat.listen(baseUrl, away.therapist.token);
    const sent = (await send(home.therapist.token, session.id, 'Live hello')).json() as ChatMessage;
    await settle();
    expect(manager.received.map((m) => m.id)).toEqual([sent.id]);
    expect(stranger.received).toEqual([]);

    // The manager goes offline; two messages arrive; the server restarts on the same database.
    manager.socket.disconnect();
    await send(home.therapist.token, session.id, 'While you were away 1');
    await send(home.therapist.token, session.id, 'While you were away 2');
    const restarted = await buildApp({ config: testConfig(), database: t.database, clock: t.clock, logger: false });
    try {
      await restarted.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(restarted.server.address() as AddressInfo).port}`;
      const back = await chat.listen(url, home.manager.token, sent.id);
      await settle();
      expect(back.received.map((m) => m.message)).toEqual(['While you were away 1', 'While you were away 2']);
      expect(new Set(back.received.map((m) => m.id)).size).toBe(2);
    } finally {
      await restarted.close();
    }
  });
});
