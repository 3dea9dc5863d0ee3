import type { ChatMessage } from '@rehabit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeSocket } from '@web/testing/fake-socket.ts';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { patientRoutes, patientUser } from './patient-fixtures.ts';

const therapistSender = { id: 7, display_name: 'Tara Nguyen', role: 'therapist' };
const message = (id: number, changes: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  session: 9,
  message: `Message ${id}`,
  sender: therapistSender,
  created_at: new Date(Date.UTC(2026, 0, 1, 9, 0, id)).toISOString(),
  client_id: null,
  ...changes,
});
const page = (results: ChatMessage[]) => ({
  count: results.length,
  count_capped: false,
  next: null,
  previous: null,
  results,
});

const chatRoutes = (unread = 0) => ({
  ...patientRoutes(),
  'GET /api/v1/patient/chat/': { body: { session: 9, unread_message_count: unread } },
  'GET /chat/message': {
    body: page([message(2, { message: 'Did the knee feel better?' }), message(1, { message: 'Welcome!' })]),
  },
});

const chatTab = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Chat/ });

describe('patient chat', () => {
  beforeEach(() => changeLanguage('en'));

  it('shows the unread count on the Chat tab and clears it when the conversation is read', async () => {
    const api = fixtureApi(chatRoutes(2));
    const app = renderApp('/my/today', { token: 'patient-token' });
    await waitFor(() => expect(chatTab()).toHaveAccessibleName('Chat, 2 unread messages'));
    expect(within(chatTab()).getByTestId('chat-unread-badge')).toHaveTextContent('2');

    await app.user.click(chatTab());
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Welcome!');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Welcome!'), expect.stringContaining('Did the knee feel better?')]);
    expect(api.calls('GET /chat/message')[0]?.url.searchParams.get('session')).toBe('9');
    await waitFor(() => expect(within(chatTab()).queryByTestId('chat-unread-badge')).not.toBeInTheDocument());
  });

  it('counts a message from the clinic that arrives live while the patient is elsewhere', async () => {
    fixtureApi(chatRoutes(0));
    renderApp('/my/today', { token: 'patient-token' });
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
    await waitFor(() => expect(chatTab()).toHaveAccessibleName('Chat'));

    act(() => fakeSocket.serverEmit('new_message', message(5, { message: 'How are you today?' })));
    await waitFor(() => expect(within(chatTab()).getByTestId('chat-unread-badge')).toHaveTextContent('1'));
    // A replay of the same message (after reconnecting) is not counted twice; the patient's own never.
    act(() => fakeSocket.serverEmit('new_message', message(5, { message: 'How are you today?' })));
    act(() =>
      fakeSocket.serverEmit(
        'new_message',
        message(6, { sender: { id: patientUser.id, display_name: 'Maria Garcia', role: 'patient' } }),
      ),
    );
    expect(within(chatTab()).getByTestId('chat-unread-badge')).toHaveTextContent('1');
  });

  it('shows a live message in the open conversation without counting it unread', async () => {
    const api = fixtureApi(chatRoutes(0));
    renderApp('/my/chat', { token: 'patient-token' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Welcome!');
    await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));

    // Saved first, then pushed: reading the conversation again (which marks it read) includes it.
    const arrived = message(7, { message: 'See you Tuesday' });
    api.set('GET /chat/message', { body: page([arrived, message(2), message(1, { message: 'Welcome!' })]) });
    act(() => fakeSocket.serverEmit('new_message', arrived));
    expect(await within(list).findByText('See you Tuesday')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /chat/message')).toHaveLength(2));
    expect(within(chatTab()).queryByTestId('chat-unread-badge')).not.toBeInTheDocument();
  });

  it('sends a message, marks it failed when it cannot be saved, and sends it again with the same client id', async () => {
    const api = fixtureApi({
      ...chatRoutes(0),
      'POST /chat/message': problem(503, 'database_unavailable', 'Try again'),
    });
    const app = renderApp('/my/chat', { token: 'patient-token' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Welcome!');

    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Write a message')).toBeInTheDocument();
    expect(api.calls('POST /chat/message')).toHaveLength(0);

    await app.user.type(screen.getByLabelText('Message'), 'My knee is better');
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    const failed = await within(list).findByText('Not sent');
    expect(failed.closest('li')).toHaveTextContent('My knee is better');

    api.set('POST /chat/message', (request) => {
      const body = request.body as { session: number; message: string; client_id: string };
      return {
        status: 201,
        body: message(10, {
          message: body.message,
          client_id: body.client_id,
          sender: { id: patientUser.id, display_name: 'Maria Garcia', role: 'patient' },
        }),
      };
    });
    await app.user.click(within(list).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(within(list).queryByText('Not sent')).not.toBeInTheDocument());
    expect(within(list).getByText('My knee is better').closest('li')).toHaveTextContent('Sent');

    const [first, second] = api.calls('POST /chat/message');
    expect(first?.body).toEqual({ session: 9, message: 'My knee is better', client_id: expect.any(String) });
    expect(second?.body).toEqual(first?.body);
  });
});
