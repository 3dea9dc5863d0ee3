import type { ChatMessage } from '@rehabit/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useAuthStore } from '@web/features/session';
import { setUnauthorizedHandler } from '@web/lib/api-client.ts';
import { ApiError } from '@web/lib/api-error.ts';
import { useSocketEvent } from '@web/lib/socket.ts';
import { fakeSocket } from '@web/testing/fake-socket.ts';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendMessage } from './send-message.ts';

const outgoing = { session: 3, text: 'Walk for ten minutes', clientId: 'client-id-0001' };
const savedMessage: ChatMessage = {
  id: 40,
  session: 3,
  message: 'Walk for ten minutes',
  sender: { id: 2, display_name: 'Tara Nguyen', role: 'therapist' },
  created_at: '2026-01-01T09:00:00.000Z',
  client_id: 'client-id-0001',
};

/** A listener keeps the shared connection open; the handshake makes it live. */
async function liveSocket() {
  const view = renderHook(() => useSocketEvent('new_message', () => undefined));
  await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
  act(() => fakeSocket.goLive());
  return view;
}

describe('sendMessage', () => {
  beforeEach(() => useAuthStore.setState({ token: 'staff-token' }));
  afterEach(() => {
    setUnauthorizedHandler(undefined);
    useAuthStore.setState({ token: null });
  });

  it('answers with the message the connection acknowledges, sending the body POST /chat/message takes', async () => {
    const api = fixtureApi();
    await liveSocket();
    fakeSocket.answerWith(() => ({ ack: { message: savedMessage } }));
    await expect(sendMessage(outgoing)).resolves.toEqual(savedMessage);
    expect(fakeSocket.emitted).toEqual([
      {
        event: 'send_message',
        payload: { session: 3, message: 'Walk for ten minutes', client_id: 'client-id-0001' },
        timeoutMs: 8000,
      },
    ]);
    expect(api.requests).toHaveLength(0);
  });

  it('throws the API error for a problem the connection answers, as the HTTP call would', async () => {
    const api = fixtureApi();
    await liveSocket();
    fakeSocket.answerWith(() => ({ ack: { problem: problem(404, 'not_found', 'No such conversation').body } }));
    const error = await sendMessage(outgoing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', detail: 'No such conversation' });
    expect(api.requests).toHaveLength(0);
  });

  it('ends the session when the connection answers that the token is refused', async () => {
    fixtureApi();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await liveSocket();
    fakeSocket.answerWith(() => ({ ack: { problem: problem(401, 'not_authenticated').body } }));
    await expect(sendMessage(outgoing)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('goes by HTTP when the acknowledgement is not one this page understands', async () => {
    const api = fixtureApi({ 'POST /chat/message': { status: 201, body: savedMessage } });
    await liveSocket();
    fakeSocket.answerWith(() => ({ ack: { saved: true } }));
    await expect(sendMessage(outgoing)).resolves.toEqual(savedMessage);
    expect(fakeSocket.emitted).toHaveLength(1);
    expect(api.calls('POST /chat/message')[0]?.body).toEqual(fakeSocket.emitted[0]?.payload);
  });

  it('goes by HTTP without a connection', async () => {
    const api = fixtureApi({ 'POST /chat/message': { status: 201, body: savedMessage } });
    fakeSocket.answerWith(() => ({ ack: { message: savedMessage } }));
    await expect(sendMessage(outgoing)).resolves.toEqual(savedMessage);
    expect(fakeSocket.emitted).toHaveLength(0);
    expect(api.calls('POST /chat/message')).toHaveLength(1);
  });
});
