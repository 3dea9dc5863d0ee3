import { useEffect, useState } from 'react';
import { type CallState, connectedMsAt } from './call-state.ts';

/** The time connected, read again every second while the call is connected. */
export function useCallClock(state: CallState) {
  const [now, setNow] = useState(() => Date.now());
  const isRunning = state.connectedSince !== null;
  useEffect(() => {
    if (!isRunning) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);
  return connectedMsAt(state, isRunning ? Math.max(now, state.connectedSince!) : now);
}
