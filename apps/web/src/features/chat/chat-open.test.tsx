import { screen, waitFor, within } from '@testing-library/react';
import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { useUiStore } from '@web/lib/ui-store.ts';
import { fakeSocket } from '@web/testing/fake-socket.ts';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { manager, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMessage, makeSession, messagePage, page, supportSession } from './chat-fixtures.ts';

afterEach(() => {
  window.innerWidth = 1024;
  useChatPanelStore.setState({ isChatPanelOpen: false, chatPatientId: null, chatRoom: null });
  useUiStore.setState({ isMobileMenuOpen: false });
});

const opened = makeSession(7, { patient: { id: 12, first_name: 'Maria', last_name: 'Garcia' }, last_message: null });

/** An onboarded patient's conversation carries the month's call status. */
const needsCall = { status: 'CALL_NOK' as const, is_needed: true, needs_reminder: false };

const routes = () => ({
  ...signedInRoutes(),
  'GET /chat/therapist': { body: page([makeSession(1)]) },
  'GET /chat/support': { body: page([supportSession]) },
  'POST /chat/session': { body: opened },
  'GET /chat/message': { body: messagePage([makeMessage(70, { session: 7, message: 'Hello Maria' })]) },
});

describe('opening a conversation', () => {
  it('on phones, /chat?patient= opens the patient conversation page', async () => {
    window.innerWidth = 390;
    const api = fixtureApi(routes());
    const app = renderApp('/chat?patient=12', { token: 't' });
    await waitFor(() => expect(app.location().pathname).toBe('/chat/7/messages'));
    expect(api.calls('POST /chat/session')[0]?.body).toEqual({ patient: 12 });
    expect(await screen.findByRole('heading', { name: 'Maria Garcia', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Hello Maria')).toBeInTheDocument();
  });

  it('says why a conversation the user may not open cannot be read, and offers nothing to send', async () => {
    window.innerWidth = 390;
    fixtureApi({ ...routes(), 'GET /chat/message': problem(404, 'not_found', 'No such chat session') });
    renderApp('/chat/99/messages', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'You cannot open this conversation' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('on desktop, another screen can open the panel on a patient conversation', async () => {
    const api = fixtureApi(routes());
    renderApp('/balances', { token: 't' });
    await screen.findByRole('heading', { name: 'Balances', level: 1 });
    act(() => useChatPanelStore.getState().openChatWithPatient(12));
    const panel = await screen.findByRole('complementary', { name: 'Chat' });
    expect(await within(panel).findByRole('heading', { name: 'Maria Garcia' })).toBeInTheDocument();
    expect(await within(panel).findByText('Hello Maria')).toBeInTheDocument();
    expect(api.calls('POST /chat/session')).toHaveLength(1);
  });

  it('offers a video visit with an onboarded patient, on the visit’s own screen, to a therapist and not a manager', async () => {
    const onboarded = { ...opened, call_status: needsCall };
    fixtureApi({ ...routes(), 'POST /chat/session': { body: onboarded } });
    const app = renderApp('/balances', { token: 't' });
    await screen.findByRole('heading', { name: 'Balances', level: 1 });
    act(() => useChatPanelStore.getState().openChatWithPatient(12));
    const panel = await screen.findByRole('complementary', { name: 'Chat' });
    const visit = await within(panel).findByRole('link', { name: 'Video visit with Maria Garcia' });
    expect(visit).toHaveAttribute('href', '/patient/12/visit');
    app.unmount();

    useChatPanelStore.setState({ chatRoom: null });
    fixtureApi({ ...routes(), ...signedInRoutes(manager), 'POST /chat/session': { body: onboarded } });
    renderApp('/balances', { token: 't' });
    await screen.findByRole('heading', { name: 'Balances', level: 1 });
    act(() => useChatPanelStore.getState().openChatWithPatient(12));
    const managersPanel = await screen.findByRole('complementary', { name: 'Chat' });
    expect(await within(managersPanel).findByText('Hello Maria')).toBeInTheDocument();
    expect(within(managersPanel).queryByRole('link', { name: /Video visit/ })).not.toBeInTheDocument();
  });

  it('on phones, offers a video visit beside the conversation’s title, only while the patient is onboarded', async () => {
    window.innerWidth = 390;
    fixtureApi({ ...routes(), 'GET /chat/therapist': { body: page([{ ...opened, call_status: needsCall }]) } });
    const app = renderApp('/chat/7/messages', { token: 't' });
    await screen.findByText('Hello Maria');
    expect(await screen.findByRole('link', { name: 'Video visit with Maria Garcia' })).toHaveAttribute(
      'href',
      '/patient/12/visit',
    );
    app.unmount();

    fixtureApi({ ...routes(), 'GET /chat/therapist': { body: page([opened]) } });
    renderApp('/chat/7/messages', { token: 't' });
    await screen.findByRole('heading', { name: 'Maria Garcia', level: 1 });
    expect(screen.queryByRole('link', { name: /Video visit/ })).not.toBeInTheDocument();
  });

  it('reads a message that arrives in the conversation on screen', async () => {
    window.innerWidth = 390;
    const saved = [makeMessage(70, { session: 7, message: 'Hello Maria' })];
    const api = fixtureApi({ ...routes(), 'GET /chat/message': () => ({ body: messagePage([...saved].reverse()) }) });
    renderApp('/chat/7/messages', { token: 't' });
    await screen.findByText('Hello Maria');
    await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
    // Saved first, then pushed: the server has it by the time the event arrives.
    const arrived = makeMessage(71, { session: 7, message: 'Thank you!' });
    saved.push(arrived);
    fakeSocket.serverEmit('new_message', arrived);
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    // Reloading the newest page is what marks it read on the server.
    await waitFor(() => expect(api.calls('GET /chat/message')).toHaveLength(2));
  });

  it('says so while the connection is lost, and stops once it is back', async () => {
    window.innerWidth = 390;
    fixtureApi(routes());
    renderApp('/chat/7/messages', { token: 't' });
    await screen.findByText('Hello Maria');
    await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
    act(() => fakeSocket.drop());
    expect(await screen.findByRole('status')).toHaveTextContent('Reconnecting…');
    act(() => fakeSocket.reconnect());
    await waitFor(() => expect(screen.queryByText(/Reconnecting/)).not.toBeInTheDocument());
  });
});
