import { registerBeforeSignOut } from '@web/lib/client-state.ts';
import type { MonitoringSessionControl } from './monitoring-session.ts';

/**
 * The last end of a session this page sent. A new session starts only once it is answered: were the start to
 * arrive first, the server would end the old session at its last heart-beat, losing the seconds since.
 */
let pendingEnd: Promise<unknown> = Promise.resolve();

/** The session running on this page, so that sign-out can end it while the token still works. */
let running: MonitoringSessionControl | null = null;

export const afterPendingEnd = () => pendingEnd;

export function notePendingEnd(end: Promise<unknown>) {
  pendingEnd = end;
}

/** Notes the session running on this page; answers how to forget it when it stops. */
export function noteRunning(session: MonitoringSessionControl) {
  running = session;
  return () => {
    if (running === session) running = null;
  };
}

/** Ends the session running on this page, if any, and waits until the server has its end. */
async function stopMonitoring() {
  running?.stop();
  running = null;
  await pendingEnd;
}

// Sign-out waits for it: the session's last seconds are saved while the token still works.
registerBeforeSignOut(stopMonitoring);
