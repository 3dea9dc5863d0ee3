import type { ChatMessage } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { chatTestbedForFile, closedWithin, settle } from '../../test/chat-support.ts';

import { expectProblem, staffToken } from '../../test/helpers.ts';
import { signedInPatient } from '../../test/patient-app-support.ts';
import { SESSION_SWEEP_MS } from './socket-server.ts';

// Every session here lives on the test clock: 30 idle minutes, 12 hours in all (the defaults).
const IDLE_MINUTES = 30;
const ABSOLUTE_MINUTES = 12 * 60;
// Time for the sweep to come round and the session to be read again.
const SWEPT_MS = SESSION_SWEEP_MS * 2 + 500;

const { t, call, home, listen } = await chatTestbedForFile();

/** A new sign-in: the testbed's own tokens idle out as these tests move the clock. */
const signIn = (email: string) => staffToken(t.app, email);

async function conversation() {
  const manager = await signIn(home.manager.email);
  const patient = await call.register(manager);
  const session = (await call.post('/chat/session', manager, { patient: patient.id })).json().id as number;
  return { patient, session };
}

/** A message from a newly signed-in manager, after the clock moved; it reaches the clinic's chat room. */
async function managerSends(session: number, message: string) {
  const res = await call.post('/chat/message', await signIn(home.manager.email), { session, message });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
}

describe('a socket ends with its session', () => {
  it('is closed when its session idles out, and is sent nothing after the end', async () => {
    const { session } = await conversation();
    const token = await signIn(home.therapist.email);
    const listener = await listen(token);
    const before = await managerSends(session, 'Before the end');
    await settle();
    expect(listener.received.map((m) => m.id)).toEqual([before.id]);

    t.clock.advanceMinutes(IDLE_MINUTES + 1);
    // At once, before any sweep could come round: the idle session is not sent this.
    t.app.realtime.toUser(home.therapist.id, 'new_message', { id: -1, message: 'Right after the end' });
    await managerSends(session, 'After the end');
    expect(await closedWithin(listener.socket, SWEPT_MS)).toBe('io server disconnect');
    expect(listener.received.map((m) => m.id)).toEqual([before.id]);
    expectProblem(await call.get('/chat/therapist', token), 401);
  });

  it('stays open while requests keep its session alive, and closes once the session then idles out', async () => {
    const { session } = await conversation();
    const token = await signIn(home.therapist.email);
    const listener = await listen(token);
    const received = () => listener.received.map((m) => m.message);

    // The page is used over HTTP, never through the socket, for longer than the idle limit.
    t.clock.advanceMinutes(IDLE_MINUTES - 5);
    expect((await call.get('/chat/therapist', token)).statusCode).toBe(200);
    t.clock.advanceMinutes(IDLE_MINUTES - 5);
    // Past the end the socket knew of (its handshake's): the session is read again, found alive, and sent this.
    await managerSends(session, 'While in use');
    expect(await closedWithin(listener.socket, SWEPT_MS)).toBe('still open');
    expect(received()).toEqual(['While in use']);

    // No more requests: the session's end comes 30 minutes after the last one.
    t.clock.advanceMinutes(6);
    await managerSends(session, 'After the end');
    expect(await closedWithin(listener.socket, SWEPT_MS)).toBe('io server disconnect');
    expect(received()).toEqual(['While in use']);
    expectProblem(await call.get('/chat/therapist', token), 401);
  });

  it('is closed at the 12-hour limit, however busy its session was', async () => {
    const { session } = await conversation();
    const token = await signIn(home.therapist.email);
    const listener = await listen(token);
    let minutes = 0;
    while (minutes + 25 < ABSOLUTE_MINUTES) {
      t.clock.advanceMinutes(25);
      minutes += 25;
      expect((await call.get('/chat/therapist', token)).statusCode).toBe(200);
    }
    expect(await closedWithin(listener.socket, SWEPT_MS)).toBe('still open');

    t.clock.advanceMinutes(ABSOLUTE_MINUTES - minutes + 1);
    t.app.realtime.toUser(home.therapist.id, 'new_message', { id: -1, message: 'Past 12 hours' });
    await managerSends(session, 'Past 12 hours');
    expect(await closedWithin(listener.socket, SWEPT_MS)).toBe('io server disconnect');
    expect(listener.received).toEqual([]);
    expectProblem(await call.get('/chat/therapist', token), 401);
  });

  it("closes a quiet patient's socket when the patient's session idles out", async () => {
    const patient = await signedInPatient(t.app, t.database.db, await signIn(home.manager.email));
    const chat = (await call.get('/api/v1/patient/chat/', patient.token)).json().session as number;
    const phone = await listen(patient.token);

    t.clock.advanceMinutes(IDLE_MINUTES + 1);
    expect(await closedWithin(phone.socket, SWEPT_MS)).toBe('io server disconnect');
    await managerSends(chat, 'After the end');
    await settle();
    expect(phone.received).toEqual([]);
    expectProblem(await call.get('/api/v1/patient/chat/', patient.token), 401);
  });
});
