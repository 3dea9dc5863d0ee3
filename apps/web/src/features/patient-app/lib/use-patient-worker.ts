import { getToken } from '@web/lib/access-token.ts';
import { registerReset } from '@web/lib/client-state.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  applyUpdate,
  clearPatientCaches,
  keepFirstAnswers,
  registerPatientWorker,
  UPDATE_CHECK_MS,
} from './patient-worker.ts';

// Sign-out, or a session that ended, leaves nothing of the patient in the worker's caches (decision 1355).
registerReset(() => void clearPatientCaches().catch(() => undefined));

/**
 * Registers the patient side's service worker from the signed-in frame and says when a new version waits; `reload`
 * switches to it. A browser without service workers (or the development server, which has none) simply goes on.
 */
export function usePatientWorker() {
  const [waiting, setWaiting] = useState<ServiceWorkerRegistration | null>(null);
  const lastCheck = useRef(Date.now());

  useEffect(() => {
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (!container) return;
    let registration: ServiceWorkerRegistration | undefined;
    registerPatientWorker(container, {
      onWaiting: setWaiting,
      onFirstInstall: () => {
        const token = getToken();
        if (token) void keepFirstAnswers(token).catch(() => undefined);
      },
    })
      .then((registered) => {
        registration = registered;
        // A page the worker does not control (the sign-in's, opened again after a sign-out) fetched its answers past
        // it: keep them, so the next open offline has today's program and the patient's account.
        const token = getToken();
        if (registered.active && !container.controller && token) void keepFirstAnswers(token).catch(() => undefined);
      })
      .catch(() => undefined);
    // An app left open for days asks for a new version when it comes back to the screen, at most once an hour.
    const checkForUpdate = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck.current < UPDATE_CHECK_MS) return;
      lastCheck.current = Date.now();
      void registration?.update().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', checkForUpdate);
    return () => document.removeEventListener('visibilitychange', checkForUpdate);
  }, []);

  const reload = useCallback(() => {
    if (waiting && 'serviceWorker' in navigator) applyUpdate(navigator.serviceWorker, waiting);
  }, [waiting]);

  return { hasUpdate: waiting !== null, reload };
}
