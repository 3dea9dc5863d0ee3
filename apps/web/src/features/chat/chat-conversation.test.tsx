import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../lib/ui-store.ts';
import { fixtureApi, problem, type RecordedRequest } from '../../testing/fixture-api.ts';
import { signedInRoutes, therapist } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { makeMessage, makeSession, page, supportSession } from './chat-fixtures.ts';

afterEach(() => {
  useUiStore.setState({ isChatPanelOpen: false, isMobileMenuOpen: false, chatPatientId: null });
});

// 30 messages: page 1 holds the newest 25 (30..6), page 2 the oldest five.
const all = Array.from({ length: 30 }, (_, index) => makeMessage(index + 1));
const messagesFixture = (request: RecordedRequest) => {
  const number = Number(request.url.searchParams.get('page') ?? 1);
  const newestFirst = [...all].reverse();
  return { body: { ...page(newestFirst.slice((number - 1) * 25, number * 25), number === 1 ? 2 : null), count: 30 } };
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
