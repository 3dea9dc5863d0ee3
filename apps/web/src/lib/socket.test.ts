import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../testing/fake-socket.ts';
import { fixtureApi, problem } from '../testing/fixture-api.ts';
import { therapist, userPage } from '../testing/fixtures.ts';
import { getToken, setToken } from './access-token.ts';
import { setUnauthorizedHandler } from './api-client.ts';
import { noteMessageId, SOCKET_CONNECTED, useSocketEvent, useSocketStatus } from './socket.ts';

/** A screen listening for messages (which keeps the connection open), live after the handshake. */
async function listening() {
  const connected = vi.fn();
  const view = renderHook(() => {
    useSocketEvent('new_message', () => undefined);
    useSocketEvent(SOCKET_CONNECTED, connected);
    return useSocketStatus();
  });
  await waitFor(() => expect(fakeSocket.connections).toHaveLength(1));
  act(() => fakeSocket.goLive());
  expect(view.result.current).toBe('live');
  // The first connection asks caches to catch up too: a message may have come after the screen's fetch.
  expect(connected).toHaveBeenCalledTimes(1);
  return { view, connected };
}

describe('a connection the server closes', () => {
  const signedOut = vi.fn();
  beforeEach(() => {
    setToken('staff-token');
    // As the app does: a refused token ends the session here (the session's store hands the token's end to the socket).
    setUnauthorizedHandler(() => {
      signedOut();
      setToken(null);
    });
  });
  afterEach(() => {
    setUnauthorizedHandler(undefined);
    signedOut.mockReset();
    setToken(null);
  });

  it('signs the user out when the session has ended, and does not connect again', async () => {
    const api = fixtureApi({ 'GET /api/v1/users/': problem(401, 'unauthenticated') });
    const { view } = await listening();
    act(() => fakeSocket.serverDisconnect());
    await waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    expect(api.calls('GET /api/v1/users/')[0]?.headers.get('authorization')).toBe('Bearer staff-token');
    expect(getToken()).toBeNull();
    expect(view.result.current).toBe('off');
    await new Promise((r) => setTimeout(r, 50));
    expect(fakeSocket.connections).toHaveLength(1);
  });

  it('signs the user out when the server refuses the handshake of an ended session', async () => {
    fixtureApi({ 'GET /api/v1/users/': problem(401, 'unauthenticated') });
    await listening();
    act(() => fakeSocket.refuse('unauthenticated'));
    await waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    expect(getToken()).toBeNull();
  });

  it('connects again, from the last message it has, when the session still stands', async () => {
    fixtureApi({ 'GET /api/v1/users/': { body: userPage(therapist) } });
    const { view, connected } = await listening();
    noteMessageId(41);
    act(() => fakeSocket.serverDisconnect());
    expect(view.result.current).toBe('lost');
    await waitFor(() => expect(fakeSocket.connections).toHaveLength(2));
    expect(fakeSocket.connections[1]?.auth).toEqual({ token: 'staff-token', last_message_id: 41 });
    act(() => fakeSocket.goLive());
    expect(view.result.current).toBe('live');
    expect(connected).toHaveBeenCalledTimes(2);
    expect(signedOut).not.toHaveBeenCalled();
  });
});
