import { CALL_NOK, CALL_OK, CHAT_OUTDATED, CHAT_RECENT, CHAT_UNREAD_CAP } from '@rehabit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { useUiStore } from '@web/lib/ui-store.ts';
import { fakeSocket } from '@web/testing/fake-socket.ts';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMessage, makeSession, page, supportSession } from './chat-fixtures.ts';

afterEach(() => {
  window.innerWidth = 1024;
  useChatPanelStore.setState({ isChatPanelOpen: false, chatPatientId: null, chatRoom: null });
  useUiStore.setState({ isMobileMenuOpen: false });
});

const sessions = [
  makeSession(1, { freshness: CHAT_RECENT, call_status: { status: CALL_OK, is_needed: false, needs_reminder: false } }),
  makeSession(2, { unread_message_count: 3, call_status: { status: CALL_NOK, is_needed: true, needs_reminder: true } }),
  makeSession(3, { freshness: CHAT_OUTDATED }),
  makeSession(4, { unread_message_count: 1 }),
];

const chatRoutes = () => ({
  ...signedInRoutes(),
  'GET /chat/therapist': { body: page(sessions) },
  'GET /chat/support': { body: page([supportSession]) },
});

const rowTitles = () =>
  within(screen.getByRole('list', { name: 'Patient conversations' }))
    .getAllByRole('button')
    .map((row) => row.querySelector('.chat-session__title')?.textContent);

describe('chat room list', () => {
  it('lists unread conversations first, with their counts, freshness words and a badge in navigation', async () => {
    window.innerWidth = 390;
    fixtureApi(chatRoutes());
    renderApp('/chat', { token: 't' });
    await screen.findByRole('list', { name: 'Patient conversations' });
    expect(rowTitles()).toEqual(['Patient No2', 'Patient No4', 'Patient No1', 'Patient No3']);
    expect(screen.getAllByTestId('unread-count').map((badge) => badge.textContent)).toEqual(['3 unread', '1 unread']);
    expect(screen.getByText('Recent')).toHaveClass('chat-freshness--recent');
    expect(screen.getByText('Outdated')).toHaveClass('chat-freshness--outdated');
    // A call is needed only where none is logged this month.
    expect(screen.getAllByText(/^Call needed/).map((tag) => tag.textContent)).toEqual(['Call needed, month ends soon']);
    expect(screen.getByText('Call needed, month ends soon').closest('button')).toHaveTextContent('Patient No2');
    // Two unread conversations: the bottom menu's Chat entry says so.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Chat/ })).toHaveTextContent('2 unread');
    expect(screen.getByRole('tab', { name: /Patients/ })).toHaveTextContent('2 unread');
  });

  it('shows a count the server capped as 99+', async () => {
    window.innerWidth = 390;
    const counted = [
      makeSession(1, { unread_message_count: 99 }),
      makeSession(2, { unread_message_count: CHAT_UNREAD_CAP }),
    ];
    fixtureApi({ ...chatRoutes(), 'GET /chat/therapist': { body: page(counted) } });
    renderApp('/chat', { token: 't' });
    await screen.findByRole('list', { name: 'Patient conversations' });
    expect(screen.getAllByTestId('unread-count').map((badge) => badge.textContent)).toEqual([
      '99 unread',
      '99+ unread',
    ]);
  });

  it('says how many older conversations are not listed', async () => {
    window.innerWidth = 390;
    fixtureApi({ ...chatRoutes(), 'GET /chat/therapist': { body: { ...page(sessions), count: 60 } } });
    renderApp('/chat', { token: 't' });
    expect(await screen.findByText(/56 older conversations are not listed/)).toHaveTextContent('New conversation');
  });

  it('shows the support conversation in its own tab', async () => {
    window.innerWidth = 390;
    fixtureApi(chatRoutes());
    const app = renderApp('/chat', { token: 't' });
    await app.user.click(await screen.findByRole('tab', { name: 'Support' }));
    const list = await screen.findByRole('list', { name: 'Support conversations' });
    expect(list).toHaveTextContent('Rehabit support');
    await app.user.click(within(list).getByRole('button', { name: /Rehabit support/ }));
    await waitFor(() => expect(app.location().pathname).toBe('/chat/50/messages'));
  });

  it('moves a conversation up and counts it unread when a message arrives live', async () => {
    fixtureApi(chatRoutes());
    const app = renderApp('/balances', { token: 't' });
    const chat = await screen.findByRole('button', { name: /Chat/ });
    await waitFor(() => expect(chat).toHaveTextContent('2 unread'));
    await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
    await app.user.click(chat);
    await screen.findByRole('list', { name: 'Patient conversations' });

    fakeSocket.serverEmit('new_message', makeMessage(99, { session: 3, message: 'My knee hurts' }));
    await waitFor(() => expect(rowTitles()[0]).toBe('Patient No3'));
    expect(screen.getByRole('button', { name: /Patient No3/ })).toHaveTextContent('My knee hurts');
    expect(screen.getByRole('button', { name: /Patient No3/ })).toHaveTextContent('1 unread');
    expect(chat).toHaveTextContent('3 unread');

    // The same message again (a replay after reconnecting) changes nothing.
    fakeSocket.serverEmit('new_message', makeMessage(99, { session: 3, message: 'My knee hurts' }));
    expect(screen.getByRole('button', { name: /Patient No3/ })).toHaveTextContent('1 unread');
  });

  it('keeps a message that arrives while the list is loading again, whose answer was read before it', async () => {
    let answerStaleList: () => void = () => {};
    const withMessage = sessions.map((session) =>
      session.id === 3
        ? { ...session, last_message: makeMessage(99, { session: 3, message: 'My knee hurts' }) }
        : session,
    );
    const api = fixtureApi({
      ...chatRoutes(),
      'GET /chat/therapist': () => {
        const call = api.calls('GET /chat/therapist').length;
        if (call === 1) return { body: page(sessions) };
        // The load the live connection starts reads the server before the message is saved, and answers late.
        if (call === 2) return new Promise((resolve) => (answerStaleList = () => resolve({ body: page(sessions) })));
        return { body: page(withMessage) };
      },
    });
    const app = renderApp('/balances', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: /Chat/ }));
    await screen.findByRole('list', { name: 'Patient conversations' });
    await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
    act(() => fakeSocket.goLive());
    await waitFor(() => expect(api.calls('GET /chat/therapist')).toHaveLength(2));

    fakeSocket.serverEmit('new_message', makeMessage(99, { session: 3, message: 'My knee hurts' }));
    act(() => answerStaleList());
    await waitFor(() => expect(api.calls('GET /chat/therapist')).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('button', { name: /Patient No3/ })).toHaveTextContent('My knee hurts'));
  });

  it('connects with the token and, after it has seen messages, asks for what it missed', async () => {
    const api = fixtureApi(chatRoutes());
    renderApp('/balances', { token: 'live-token' });
    await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
    expect(fakeSocket.connections[0]?.auth.token).toBe('live-token');
    await waitFor(() => expect(api.calls('GET /chat/therapist')).toHaveLength(1));
    // The connection opens after the first screen read its data: the lists catch up on what was said meanwhile.
    act(() => fakeSocket.goLive());
    await waitFor(() => expect(api.calls('GET /chat/therapist')).toHaveLength(2));

    // The newest message it has is 40 (the lists' last messages): a reconnect asks for everything after it.
    fakeSocket.reconnect();
    expect(fakeSocket.connections.at(-1)?.auth).toEqual({ token: 'live-token', last_message_id: 40 });
    // Unread counts and new conversations are loaded again.
    await waitFor(() => expect(api.calls('GET /chat/therapist')).toHaveLength(3));
  });

  it('finds a patient with a labelled field like the other inputs', async () => {
    const api = fixtureApi(chatRoutes());
    const app = renderApp('/chat', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'New conversation' }));
    const field = screen.getByRole('searchbox', { name: 'Find a patient' });
    expect(field).toHaveFocus();
    // The shared text field: its label shows above the input, as on every other form.
    expect(field.closest('.field')).not.toBeNull();
    expect(screen.getByText('Find a patient', { selector: 'label' })).toHaveClass('field__label');
    await app.user.type(field, 'ana');
    await waitFor(() => expect(api.calls('GET /api/v1/patients/').at(-1)?.url.searchParams.get('search')).toBe('ana'));
  });
});
