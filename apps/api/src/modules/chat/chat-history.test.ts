/**
 * Long conversations: unread counts stop at CHAT_UNREAD_CAP, a page knows whether older messages follow without
 * counting them all, and the count stops at CHAT_MESSAGE_COUNT_CAP.
 */
import { CHAT_MESSAGE_COUNT_CAP, CHAT_UNREAD_CAP, type ChatMessage } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInPatient } from '../../../test/patient-app-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';

const { t, call, home } = await twoClinicsForFile();

async function newConversation() {
  const patient = await call.register(home.manager.token);
  const res = await call.post('/chat/session', home.therapist.token, { patient: patient.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** `n` messages from `sender`, numbered from 1 (oldest) in their text, written straight to the table. */
async function wrote(session: number, sender: number, n: number, from = 1) {
  await t.database.db.execute(sql`
    insert into chat_messages (session_id, sender_user_id, body, created_at)
    select ${session}, ${sender}, 'message ' || i, now() - interval '1 second' * (${from + n} - i)
    from generate_series(${from}::int, ${from + n - 1}::int) i`);
}
const therapistWrote = (session: number, n: number, from = 1) => wrote(session, home.therapist.id, n, from);

/** A signed-in patient's conversation: its id, the patient's account and token. */
async function patientConversation() {
  const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
  const session = (await call.get('/api/v1/patient/chat/', patient.token)).json().session as number;
  const userId = (await call.get('/api/v1/users/', patient.token)).json().results[0].id as number;
  return { session, userId, token: patient.token };
}

const unreadFor = async (token: string, session: number) =>
  (await call.get('/chat/therapist?page_size=100', token)).json().results.find((s: { id: number }) => s.id === session)
    .unread_message_count as number;

const page = async (session: number, pageNo: number, pageSize: number) => {
  const res = await call.get(
    `/chat/message?session=${session}&page=${pageNo}&page_size=${pageSize}`,
    home.manager.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    count_capped: boolean;
    next: number | null;
    previous: number | null;
    results: ChatMessage[];
  };
};

describe('unread counts', () => {
  it.each([
    [CHAT_UNREAD_CAP - 1, CHAT_UNREAD_CAP - 1],
    [CHAT_UNREAD_CAP, CHAT_UNREAD_CAP],
    [CHAT_UNREAD_CAP + 1, CHAT_UNREAD_CAP],
    [CHAT_UNREAD_CAP * 3, CHAT_UNREAD_CAP],
  ])('counts %i unread messages as %i', async (written, shown) => {
    const { session, userId, token } = await patientConversation();
    await wrote(session, userId, written);
    expect(await unreadFor(home.manager.token, session)).toBe(shown);
    expect(await unreadFor(home.therapist.token, session)).toBe(shown);
    // The writer has nothing unread; a reader who read part way counts only what came after.
    expect((await call.get('/api/v1/patient/chat/', token)).json().unread_message_count).toBe(0);
    await page(session, 1, 1);
    await wrote(session, userId, 7, written + 1);
    expect(await unreadFor(home.manager.token, session)).toBe(7);
    // A colleague's messages are on the reader's own side: never unread.
    await therapistWrote(session, 3, written + 8);
    expect(await unreadFor(home.manager.token, session)).toBe(7);
  });

  it('caps the patient’s own count too', async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    const opened = (await call.get('/api/v1/patient/chat/', patient.token)).json();
    await therapistWrote(opened.session, CHAT_UNREAD_CAP + 20);
    const again = (await call.get('/api/v1/patient/chat/', patient.token)).json();
    expect(again.unread_message_count).toBe(CHAT_UNREAD_CAP);
  });
});

describe('message pages', () => {
  it('has a next page exactly while older messages follow', async () => {
    const session = await newConversation();
    await therapistWrote(session, 50);
    const first = await page(session, 1, 25);
    expect(first).toMatchObject({ count: 50, count_capped: false, next: 2, previous: null });
    expect(first.results.map((m) => m.message).slice(0, 2)).toEqual(['message 50', 'message 49']);
    const last = await page(session, 2, 25);
    expect(last).toMatchObject({ next: null, previous: 1 });
    expect(last.results).toHaveLength(25);
    expect(last.results.at(-1)!.message).toBe('message 1');

    await therapistWrote(session, 1, 51);
    expect(await page(session, 2, 25)).toMatchObject({ count: 51, next: 3 });
    const third = await page(session, 3, 25);
    expect(third).toMatchObject({ next: null, previous: 2 });
    expect(third.results.map((m) => m.message)).toEqual(['message 1']);
    expect(await page(session, 4, 25)).toMatchObject({ count: 51, next: null, previous: 3, results: [] });
  });

  it('stops counting at the cap and still pages to the oldest message', async () => {
    const session = await newConversation();
    const written = CHAT_MESSAGE_COUNT_CAP + 30;
    await therapistWrote(session, written);
    expect(await page(session, 1, 100)).toMatchObject({ count: CHAT_MESSAGE_COUNT_CAP, count_capped: true, next: 2 });
    const beyond = await page(session, written / 10 - 1, 10);
    expect(beyond.next).toBe(written / 10);
    const oldest = await page(session, written / 10, 10);
    expect(oldest.next).toBeNull();
    expect(oldest.results.at(-1)!.message).toBe('message 1');
  });

  it('counts a conversation of exactly the cap without calling it capped', async () => {
    const session = await newConversation();
    await therapistWrote(session, CHAT_MESSAGE_COUNT_CAP);
    expect(await page(session, 1, 10)).toMatchObject({ count: CHAT_MESSAGE_COUNT_CAP, count_capped: false });
  });
});
