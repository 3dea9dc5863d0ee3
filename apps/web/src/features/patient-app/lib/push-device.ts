import { reminderEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { registerBeforeSignOut } from '@web/lib/client-state.ts';
import { PATIENT_WORKER_SCOPE } from '@web/service-worker/patient-caches.ts';

/**
 * This phone's push subscription, seen from the page (decision 1365): push lives in the patient worker (scope
 * /my/), so a browser without it, or without push, has none. Signing out turns it off on the server and here, so
 * the next patient on a shared phone gets nobody else's reminders.
 */

/** Whether this browser can take push notifications at all. */
export const canPush = () =>
  typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window && 'serviceWorker' in navigator;

/** The patient worker's registration, where the subscription lives; undefined without one. */
export const patientRegistration = async () =>
  canPush() ? ((await navigator.serviceWorker.getRegistration(PATIENT_WORKER_SCOPE)) ?? undefined) : undefined;

/** This phone's subscription, if it takes notifications. */
export const thisSubscription = async () =>
  (await (await patientRegistration())?.pushManager.getSubscription()) ?? null;

/** Turns this phone's notifications off: on the server first (it must stop sending), then in the browser. */
export async function turnOffThisDevice(subscription: PushSubscription) {
  const answer = await call(reminderEndpoints.unsubscribePush, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe().catch(() => false);
  return answer;
}

/** Sign-out waits this long at most for the phone's notifications to turn off. */
const SIGN_OUT_WAIT_MS = 3000;

// Best effort, and never in the way of signing out: a failure or a slow network leaves the sign-out to go on.
registerBeforeSignOut(async () => {
  const done = (async () => {
    const subscription = await thisSubscription();
    if (subscription) await turnOffThisDevice(subscription);
  })().catch(() => undefined);
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
});
