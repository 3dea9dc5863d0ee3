import { monitoringEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { type ApiError, isApiError } from '@web/lib/api-error.ts';
import { useEffect, useRef, useState } from 'react';
import { monitoringKeys } from '../api/monitoring-keys.ts';
import {
  type MonitoringOrigin,
  type MonitoringPorts,
  type SaveOutcome,
  startMonitoringSession,
} from './monitoring-session.ts';
import { useMonitoredTarget, useMonitoringStore } from './monitoring-store.ts';
import { afterPendingEnd, notePendingEnd, noteRunning } from './running-session.ts';

/** A refusal (the patient cannot be monitored, or the session is gone) rather than the server out of reach. */
const isRefusal = (error: unknown): error is ApiError => isApiError(error) && error.status >= 400 && error.status < 500;

/** Why the server will not monitor the patient, in the clinician's words. */
const refusalOf = (error: ApiError) =>
  error.status === 404 ? 'The patient is no longer on the clinic’s list' : (error.detail ?? error.title);

const startSession: MonitoringPorts['start'] = async (patientId, context) => {
  await afterPendingEnd();
  try {
    const { id } = await call(monitoringEndpoints.start, { body: { user_id: patientId, context } });
    return id;
  } catch (error) {
    if (isRefusal(error)) return { refused: refusalOf(error) };
    throw error;
  }
};

const saveSession: MonitoringPorts['save'] = (sessionId, body) => {
  const saved = sendBeat(sessionId, body);
  if (body.end_reason) notePendingEnd(saved);
  return saved;
};

async function sendBeat(...[sessionId, body]: Parameters<MonitoringPorts['save']>): Promise<SaveOutcome> {
  try {
    const session = await call(monitoringEndpoints.update, {
      params: { monitoringId: sessionId },
      body,
      keepalive: true,
    });
    return session.is_ended ? 'ended' : 'open';
  } catch (error) {
    return isRefusal(error) ? 'ended' : 'unreachable';
  }
}

/** Input that shows the clinician is at the screen. */
const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focus'] as const;

/**
 * Runs the monitoring session of whichever patient the open screens ask for (decision 0704), for a user who is
 * monitored. `leaveAfterIdle` moves the screen on after an idle end, by where monitoring began.
 */
export function useMonitoringSessions(leaveAfterIdle: (origin: MonitoringOrigin) => void) {
  const target = useMonitoredTarget();
  const queryClient = useQueryClient();
  const leave = useRef(leaveAfterIdle);
  leave.current = leaveAfterIdle;
  // A page restored from the back-forward cache starts monitoring again: its session ended as the page was left.
  const [restored, setRestored] = useState(0);

  // The target is the claim's own object: it changes only when another screen's claim comes on top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `restored` is there to start again after the back-forward cache
  useEffect(() => {
    const { dispatch, setRefusal } = useMonitoringStore.getState();
    // A new patient or screen, or none, starts afresh: a former refusal is no longer news.
    setRefusal(null);
    if (!target) return;
    const session = startMonitoringSession(target, {
      start: startSession,
      save: saveSession,
      isHidden: () => document.visibilityState === 'hidden',
      hasFocus: () => document.hasFocus(),
      timer: dispatch,
      leaveAfterIdle: (from) => leave.current(from),
      ended: (id) => void queryClient.invalidateQueries({ queryKey: monitoringKeys.patient(id) }),
      // Each saved heart-beat moves the month's minutes: the RTM card and the monitored month read them again.
      counted: (id) => void queryClient.invalidateQueries({ queryKey: monitoringKeys.patient(id) }),
      refused: (why) => setRefusal({ displayName: target.displayName, why }),
      now: () => Date.now(),
    });
    const onActivity = () => session.activity();
    const onVisibility = () => (document.visibilityState === 'hidden' ? session.away() : session.activity());
    const onBlur = () => session.away();
    const forgetRunning = noteRunning(session);
    const onPageHide = () => session.stop();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRestored((count) => count + 1);
    };
    for (const type of activityEvents) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      for (const type of activityEvents) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      session.stop();
      forgetRunning();
    };
  }, [target, queryClient, restored]);
}
