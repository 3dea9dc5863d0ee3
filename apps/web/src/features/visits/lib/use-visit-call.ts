import type { VisitSide } from '@rehabit/contract';
import { visitEvents } from '@rehabit/contract';
import { SOCKET_CONNECTED, useSocketEvent, useSocketStatus } from '@web/lib/socket.ts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { VisitCall } from './visit-call.ts';

/**
 * A visit's call for a screen: the engine, its state, and the socket's visit events handed to it while the screen is
 * open. Leaving the screen hangs up a visit still going.
 */
export function useVisitCall(side: VisitSide) {
  const [call] = useState(() => new VisitCall(side));
  const state = useSyncExternalStore(call.subscribe, call.getState, call.getState);
  useSocketEvent(visitEvents.joined, (payload) => call.onJoined(payload));
  useSocketEvent(visitEvents.signal, (payload) => call.onSignal(payload));
  useSocketEvent(visitEvents.ended, (payload) => call.onEnded(payload));
  useSocketEvent(SOCKET_CONNECTED, () => call.onSocketConnected());
  const status = useSocketStatus();
  useEffect(() => call.setSocketLive(status !== 'lost'), [call, status]);
  useEffect(() => {
    call.keep();
    return () => call.release();
  }, [call]);
  return { call, state };
}
