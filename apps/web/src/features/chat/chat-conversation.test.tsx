import type { ChatMessage } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { useUiStore } from '@web/lib/ui-store.ts';
import { fakeSocket } from '@web/testing/fake-socket.ts';
import { fixtureApi, problem, type RecordedRequest } from '@web/testing/fixture-api.ts';
import { signedInRoutes, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMessage, makeSession, messagePage, page, supportSession } from './chat-fixtures.ts';

afterEach(() => {
  useChatPanelStore.setState({ isChatPanelOpen: false, chatPatientId: null, chatRoom: null });
  useUiStore.setState({ isMobileMenuOpen: false });
});

// 30 messages: page 1 holds the newest 25 (30..6), page 2 the oldest five.
const all = Array.from({ length: 30 }, (_, index) => makeMessage(index + 1));
const messagesFixture = (request: RecordedRequest) => {
  const number = Number(request.url.searchParams.get('page') ?? 1);
  const newestFirst = [...all].reverse();
  return {
    body: { ...messagePage(newestFirst.slice((number - 1) * 25, number * 25), number === 1 ? 2 : null), count: 30 },
  };
};

const saved = (request: RecordedRequest, id: number) => {
  const body = request.body as { session: number; message: string; client_id: string };
  return makeMessage(id, {
    session: body.session,
    message: body.message,
    client_id: body.client_id,
    sender: { id: therapist.id, display_name: therapist.display_name, role: 'therapist' },
  });
};

function setup(extra: Record<string, Parameters<ReturnType<typeof fixtureApi>['set']>[1]> = {}) {
  const api = fixtureApi({
    ...signedInRoutes(),
    'GET /chat/therapist': { body: page([makeSession(1, { unread_message_count: 2 })]) },
    'GET /chat/support': { body: page([supportSession]) },
    'GET /chat/message': messagesFixture,
    ...extra,
  });
  const app = renderApp('/balances', { token: 't' });
  return { api, app };
}

async function openConversation(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByRole('button', { name: /Chat/ }));
  await app.user.click(await screen.findByRole('button', { name: /Patient No1/ }));
  return screen.findByRole('list', { name: 'Messages' });
}

const texts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.chat-bubble__text')?.textContent);

describe('a conversation', () => {
  it('shows the newest page, oldest first, loads older pages and clears the unread badge', async () => {
    const { api, app } = setup();
    const chat = await screen.findByRole('button', { name: /Chat/ });
    await waitFor(() => expect(chat).toHaveTextContent('1 unread'));
    const list = await openConversation(app);
    await waitFor(() => expect(texts(list)).toHaveLength(25));
    expect(texts(list)[0]).toBe('Message 6');
    expect(texts(list).at(-1)).toBe('Message 30');
    // Reading it marked it read on the server; the badge follows.
    expect(chat).not.toHaveTextContent('unread');

    await app.user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(texts(list)).toHaveLength(30));
    expect(texts(list)[0]).toBe('Message 1');
    expect(api.calls('GET /chat/message').map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('shows a message as sending, then sent', async () => {
    let answer: () => void = () => undefined;
    const { api, app } = setup({
      'POST /chat/message': (request) =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 201, body: saved(request, 500) });
        }),
    });
    const list = await openConversation(app);
    await app.user.type(screen.getByLabelText('Message'), 'See you Tuesday');
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    const bubble = within(list).getByText('See you Tuesday').closest('li')!;
    expect(bubble).toHaveTextContent('Sending…');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    const [send] = api.calls('POST /chat/message');
    expect(send?.body).toMatchObject({ session: 1, message: 'See you Tuesday' });
    answer();
    await waitFor(() => expect(within(list).getByText('See you Tuesday').closest('li')).toHaveTextContent('Sent'));
    expect(within(list).getAllByText('See you Tuesday')).toHaveLength(1);
  });

  it('keeps a sent message when the load of its conversation, read before it was saved, answers after it', async () => {
    let answerStalePage: () => void = () => undefined;
    const { api, app } = setup({
      'GET /chat/message': (request) => {
        const sent = api.calls('POST /chat/message')[0];
        if (sent) return { body: messagePage([saved(sent, 500), ...[...all].reverse()].slice(0, 25), 2) };
        return new Promise((resolve) => (answerStalePage = () => resolve(messagesFixture(request))));
      },
      'POST /chat/message': (request) => ({ status: 201, body: saved(request, 500) }),
    });
    await app.user.click(await screen.findByRole('button', { name: /Chat/ }));
    await app.user.click(await screen.findByRole('button', { name: /Patient No1/ }));
    await app.user.type(await screen.findByLabelText('Message'), 'See you Tuesday');
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.calls('POST /chat/message')).toHaveLength(1));
    act(() => answerStalePage());
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getByText('See you Tuesday').closest('li')).toHaveTextContent('Sent'));
  });

  it('marks a failed send and retries it with the same client id', async () => {
    let attempts = 0;
    const { api, app } = setup({
      'POST /chat/message': (request) => {
        attempts += 1;
        return attempts === 1 ? problem(503, 'unavailable') : { status: 201, body: saved(request, 501) };
      },
    });
    const list = await openConversation(app);
    await app.user.type(screen.getByLabelText('Message'), 'Stretch twice a day{Enter}');
    const bubble = await within(list).findByText('Stretch twice a day');
    await waitFor(() => expect(bubble.closest('li')).toHaveTextContent('Not sent'));
    await app.user.click(within(bubble.closest('li')!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(list).getByText('Stretch twice a day').closest('li')).toHaveTextContent('Sent'));
    const [first, second] = api.calls('POST /chat/message').map((r) => r.body as { client_id: string });
    expect(first?.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(second?.client_id).toBe(first?.client_id);
  });

  it('refuses an empty message', async () => {
    const { api, app } = setup();
    await openConversation(app);
    await app.user.type(screen.getByLabelText('Message'), '   ');
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Write a message')).toBeInTheDocument();
    expect(api.calls('POST /chat/message')).toHaveLength(0);
  });

  it('clears the draft when the chat panel closes', async () => {
    const { app } = setup();
    await openConversation(app);
    await app.user.type(screen.getByLabelText('Message'), 'Half a thought');
    await app.user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    await openConversation(app);
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });
});

type SentOverSocket = { session: number; message: string; client_id: string };

/** The message the server saves for what came over the socket. */
const savedFromSocket = (payload: unknown, id: number): ChatMessage => {
  const body = payload as SentOverSocket;
  return makeMessage(id, {
    session: body.session,
    message: body.message,
    client_id: body.client_id,
    sender: { id: therapist.id, display_name: therapist.display_name, role: 'therapist' },
  });
};

/** Opens the conversation once the chat's connection is up and live. */
async function openLiveConversation(app: ReturnType<typeof renderApp>) {
  const list = await openConversation(app);
  await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
  act(() => fakeSocket.goLive());
  return list;
}

const clientIdOf = (body: unknown) => (body as SentOverSocket | undefined)?.client_id;

const bubbleOf = (list: HTMLElement, text: string) => within(list).getByText(text).closest('li')!;

describe('sending a message', () => {
  it('goes over the live connection with its client id, and shows as sent without an HTTP call', async () => {
    let answer: (message: ChatMessage) => void = () => undefined;
    fakeSocket.answerWith(() => ({
      ack: new Promise((resolve) => {
        answer = (message) => resolve({ message });
      }),
    }));
    const { api, app } = setup();
    const list = await openLiveConversation(app);
    await app.user.type(screen.getByLabelText('Message'), 'See you Tuesday{Enter}');
    await waitFor(() => expect(fakeSocket.emitted).toHaveLength(1));
    expect(bubbleOf(list, 'See you Tuesday')).toHaveTextContent('Sending…');
    const [sent] = fakeSocket.emitted;
    expect(sent?.event).toBe('send_message');
    expect(sent?.payload).toMatchObject({ session: 1, message: 'See you Tuesday' });
    expect(clientIdOf(sent?.payload)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    act(() => answer(savedFromSocket(sent?.payload, 600)));
    await waitFor(() => expect(bubbleOf(list, 'See you Tuesday')).toHaveTextContent('Sent'));
    expect(within(list).getAllByText('See you Tuesday')).toHaveLength(1);
    expect(api.calls('POST /chat/message')).toHaveLength(0);
  });

  it('goes by HTTP while the connection is lost', async () => {
    fakeSocket.answerWith((_event, payload) => ({ ack: { message: savedFromSocket(payload, 601) } }));
    const { api, app } = setup({ 'POST /chat/message': (request) => ({ status: 201, body: saved(request, 601) }) });
    const list = await openLiveConversation(app);
    act(() => fakeSocket.drop());
    await app.user.type(screen.getByLabelText('Message'), 'Ice after walking{Enter}');
    await waitFor(() => expect(bubbleOf(list, 'Ice after walking')).toHaveTextContent('Sent'));
    expect(api.calls('POST /chat/message')[0]?.body).toMatchObject({ session: 1, message: 'Ice after walking' });
    expect(fakeSocket.emitted).toHaveLength(0);
  });

  it('marks a message the server refuses over the connection as not sent, and retries it with the same client id', async () => {
    let refuse = true;
    fakeSocket.answerWith((_event, payload) => ({
      ack: refuse ? { problem: problem(503, 'unavailable').body } : { message: savedFromSocket(payload, 602) },
    }));
    const { api, app } = setup();
    const list = await openLiveConversation(app);
    await app.user.type(screen.getByLabelText('Message'), 'Rest on Sunday{Enter}');
    await waitFor(() => expect(bubbleOf(list, 'Rest on Sunday')).toHaveTextContent('Not sent'));

    refuse = false;
    await app.user.click(within(bubbleOf(list, 'Rest on Sunday')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubbleOf(list, 'Rest on Sunday')).toHaveTextContent('Sent'));
    const [first, second] = fakeSocket.emitted.map((sent) => clientIdOf(sent.payload));
    expect(second).toBe(first);
    expect(api.calls('POST /chat/message')).toHaveLength(0);
  });

  it('goes by HTTP, with the same client id, when the connection does not answer within 8 seconds', async () => {
    const { api, app } = setup({ 'POST /chat/message': (request) => ({ status: 201, body: saved(request, 603) }) });
    const list = await openLiveConversation(app);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await app.user.type(screen.getByLabelText('Message'), 'Two sets of ten{Enter}');
    await waitFor(() => expect(fakeSocket.emitted).toHaveLength(1));
    expect(fakeSocket.emitted[0]?.timeoutMs).toBe(8000);

    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(bubbleOf(list, 'Two sets of ten')).toHaveTextContent('Sending…');
    expect(api.calls('POST /chat/message')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(bubbleOf(list, 'Two sets of ten')).toHaveTextContent('Sent'));
    const [posted] = api.calls('POST /chat/message');
    expect(clientIdOf(posted?.body)).toBe(clientIdOf(fakeSocket.emitted[0]?.payload));
  });
});
