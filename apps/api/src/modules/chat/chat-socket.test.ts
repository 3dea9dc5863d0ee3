import type { ChatMessage, ChatSendAck } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { chatTestbedForFile, settle } from '../../../test/chat-support.ts';
import { PASSWORD } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, sessionForPatient } from '../../../test/hep-support.ts';
import { chatMessages, sessions } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { SESSION_RECHECK_MS } from '../../realtime/socket-server.ts';

const { t, call, home, away, listen } = await chatTestbedForFile();

async function conversationWithNewPatient() {
  const patient = await call.register(home.manager.token);
  const res = await call.post('/chat/session', home.therapist.token, { patient: patient.id });
  return { patient, sessionId: res.json().id as number };
}
const sendOver = (socket: Socket, body: unknown): Promise<ChatSendAck> =>
  socket.timeout(5000).emitWithAck('send_message', body);
const savedIn = (sessionId: number) =>
  t.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));

describe('sending over the socket', () => {
  it('saves, audits and delivers as POST /chat/message does, and answers with the saved message', async () => {
    const { patient, sessionId } = await conversationWithNewPatient();
    const sender = await listen(home.therapist.token);
    const manager = await listen(home.manager.token);
    const stranger = await listen(away.therapist.token);

    const ack = await sendOver(sender.socket, { session: sessionId, message: '  Ice after the walk  ' });
    if (!('message' in ack)) throw new Error(JSON.stringify(ack));
    expect(ack.message).toMatchObject({
      session: sessionId,
      message: 'Ice after the walk',
      sender: { id: home.therapist.id, role: 'therapist' },
    });
    await settle();
    expect(manager.received.map((m) => m.id)).toEqual([ack.message.id]);
    expect(sender.received.map((m) => m.id)).toEqual([ack.message.id]);
    expect(stranger.received).toEqual([]);

    const listed = (await call.get(`/chat/message?session=${sessionId}`, home.manager.token)).json();
    expect(listed.results.map((m: ChatMessage) => m.id)).toEqual([ack.message.id]);
    const [audit] = await auditRows(t.database.db, 'chat.send', patient.id);
    expect(audit).toMatchObject({ actorUserId: home.therapist.id, clinicId: home.clinic.id, ip: '127.0.0.1' });
    expect(audit!.detail).toEqual({ session_id: sessionId, message_id: ack.message.id });
    // The sender has read what they wrote.
    const forSender = (await call.get('/chat/therapist', home.therapist.token)).json();
    expect(forSender.results.find((s: { id: number }) => s.id === sessionId).unread_message_count).toBe(0);
  });

  it('answers bad input and other clinics with the HTTP problem, saving nothing', async () => {
    const { sessionId } = await conversationWithNewPatient();
    const own = await listen(home.therapist.token);
    const other = await listen(away.therapist.token);

    const blank = await sendOver(own.socket, { session: sessionId, message: '   ' });
    expect(blank).toMatchObject({ problem: { status: 400, code: 'validation_failed' } });
    expect('problem' in blank && blank.problem.errors?.message).toEqual(['Write a message']);
    expect(await sendOver(own.socket, 'not an object')).toMatchObject({ problem: { status: 400 } });
    expect(await sendOver(own.socket, { session: -1, message: 'Hi' })).toMatchObject({ problem: { status: 400 } });
    expect(await sendOver(own.socket, { session: sessionId, message: 'x'.repeat(4001) })).toMatchObject({
      problem: { status: 400 },
    });
    expect(await sendOver(other.socket, { session: sessionId, message: 'Hello' })).toMatchObject({
      problem: { status: 404, code: 'not_found' },
    });
    expect(await sendOver(own.socket, { session: 99_999_999, message: 'Hello' })).toMatchObject({
      problem: { status: 404 },
    });
    // Without an acknowledgement a send could never learn its fate: it is not taken.
    own.socket.emit('send_message', { session: sessionId, message: 'No answer wanted' });
    await settle();
    expect(await savedIn(sessionId)).toEqual([]);
  });

  it('saves a retried send once and delivers it once', async () => {
    const { sessionId } = await conversationWithNewPatient();
    const sender = await listen(home.therapist.token);
    const manager = await listen(home.manager.token);
    const body = { session: sessionId, message: 'Once only', client_id: 'socket-retry-0001' };
    const [first, second] = await Promise.all([sendOver(sender.socket, body), sendOver(sender.socket, body)]);
    const third = await sendOver(sender.socket, body);
    const ids = [first, second, third].map((ack) => ('message' in ack ? ack.message.id : null));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBeNull();
    await settle();
    expect(manager.received.map((m) => m.id)).toEqual([ids[0]]);
    expect(await savedIn(sessionId)).toHaveLength(1);
  });

  it('saves sends arriving together, each to its own conversation, and fails only the bad one', async () => {
    const conversations = await Promise.all([1, 2, 3, 4].map(() => conversationWithNewPatient()));
    const sender = await listen(home.therapist.token);
    const manager = await listen(home.manager.token);
    const bodies = conversations.map(({ sessionId }, i) => ({ session: sessionId, message: `Group message ${i}` }));
    // PostgreSQL refuses a NUL character in text: that send alone fails, as its HTTP twin would.
    bodies[2]!.message = 'Broken \u0000 text';
    const acks = await Promise.all(bodies.map((body) => sendOver(sender.socket, body)));

    expect(acks[2]).toMatchObject({ problem: { status: 400, code: 'validation_failed' } });
    const saved = acks.filter((ack) => 'message' in ack).map((ack) => ack.message);
    expect(saved.map((m) => [m.session, m.message])).toEqual(
      [0, 1, 3].map((i) => [conversations[i]!.sessionId, `Group message ${i}`]),
    );
    await settle();
    expect(manager.received.map((m) => m.id).sort()).toEqual(saved.map((m) => m.id).sort());
    expect(await savedIn(conversations[2]!.sessionId)).toEqual([]);
    for (const message of saved) {
      const listed = (await call.get(`/chat/message?session=${message.session}`, home.manager.token)).json();
      expect(listed.results.map((m: ChatMessage) => m.id)).toEqual([message.id]);
    }
  });

  it("reaches a patient whose account was made after the conversation's first message", async () => {
    const { patient, sessionId } = await conversationWithNewPatient();
    const sender = await listen(home.therapist.token);
    expect(await sendOver(sender.socket, { session: sessionId, message: 'Before the app' })).toHaveProperty('message');

    const account = await sessionForPatient(t, patient.id);
    const phone = await listen(account.token);
    const ack = await sendOver(sender.socket, { session: sessionId, message: 'Welcome to the app' });
    await settle();
    expect(phone.received.map((m) => m.message)).toEqual(['Welcome to the app']);

    // The patient answers over their own socket; another patient's conversation is out of reach.
    const answer = await sendOver(phone.socket, { session: sessionId, message: 'Thank you!' });
    expect(answer).toMatchObject({ message: { sender: { id: account.userId, role: 'patient' } } });
    const other = await conversationWithNewPatient();
    expect(await sendOver(phone.socket, { session: other.sessionId, message: 'Hi' })).toMatchObject({
      problem: { status: 404 },
    });
    expect('message' in ack).toBe(true);
  });

  it('refuses a session ended behind its back at the next check, and closes the socket', async () => {
    const { sessionId } = await conversationWithNewPatient();
    const fresh = await call.post('/clinic/therapist/signin', undefined, {
      email: home.therapist.email,
      password: PASSWORD,
    });
    const token = fresh.json().token as string;
    const listener = await listen(token);
    const closed = new Promise<string>((resolve) => listener.socket.on('disconnect', resolve));
    // Ended in the database only (as a command-line revocation does), so no one closed the socket.
    const ended = await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ id: sessions.id });
    expect(ended).toHaveLength(1);

    t.clock.advanceMinutes(SESSION_RECHECK_MS / 60_000 + 0.1);
    const ack = await sendOver(listener.socket, { session: sessionId, message: 'After sign-out' });
    expect(ack).toMatchObject({ problem: { status: 401, code: 'unauthenticated' } });
    expect(await closed).toBe('io server disconnect');
    expect(await savedIn(sessionId)).toEqual([]);
    expectProblem(await call.get('/chat/therapist', token), 401);
  });
});

describe('catching up over the socket', () => {
  it("audits the read of each conversation it sends, as the HTTP read does, with the caller's address", async () => {
    const first = await conversationWithNewPatient();
    const second = await conversationWithNewPatient();
    const send = async (session: number, message: string) =>
      (await call.post('/chat/message', home.therapist.token, { session, message })).json() as ChatMessage;
    const seen = await send(first.sessionId, 'Seen already');
    await send(first.sessionId, 'Missed 1');
    const last = await send(second.sessionId, 'Missed 2');

    const back = await listen(home.manager.token, seen.id);
    await settle();
    expect(back.received.map((m) => m.message)).toEqual(['Missed 1', 'Missed 2']);
    for (const { patient, sessionId } of [first, second]) {
      expect(await auditRows(t.database.db, 'chat.read', patient.id)).toMatchObject([
        {
          outcome: 'success',
          actorUserId: home.manager.id,
          clinicId: home.clinic.id,
          ip: '127.0.0.1',
          detail: { session_id: sessionId, transport: 'socket' },
        },
      ]);
    }

    // The same read over HTTP writes the same event.
    expect((await call.get(`/chat/message?session=${first.sessionId}`, home.manager.token)).statusCode).toBe(200);
    expect((await auditRows(t.database.db, 'chat.read', first.patient.id))[1]).toMatchObject({
      outcome: 'success',
      actorUserId: home.manager.id,
      clinicId: home.clinic.id,
      ip: '127.0.0.1',
      detail: { session_id: first.sessionId, transport: 'http' },
    });

    // Nothing missed, nothing read.
    const upToDate = await listen(home.manager.token, last.id);
    await settle();
    expect(upToDate.received).toEqual([]);
    expect(await auditRows(t.database.db, 'chat.read', second.patient.id)).toHaveLength(1);
  });
});
