// What the patient worker makes of a push reminder (decision 1365), apart from the worker so it is tested: the
// notification it shows, and the page a tap may open (this origin's patient pages only).
import { PATIENT_WORKER_SCOPE } from './patient-caches.ts';

/** One notification at a time: a new reminder replaces yesterday's instead of piling up. */
export const REMINDER_TAG = 'rehabit-reminder';
const ICON = '/my/icons/icon-192.png';
const TODAY = '/my/today';

/** The page a tap opens: the given address when it is one of this origin's patient pages, Today otherwise. */
export function openableUrl(url: unknown, origin: string): string {
  const today = new URL(TODAY, origin).href;
  if (typeof url !== 'string') return today;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname.startsWith(PATIENT_WORKER_SCOPE) ? parsed.href : today;
  } catch {
    return today;
  }
}

const textOf = (value: unknown, fallback: string, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : fallback;

/**
 * The notification of a push message: its title and body as the server wrote them (fixed words, nothing about the
 * patient's health), or plain ones when the message cannot be read, since a push that shows nothing is not allowed.
 */
export function reminderNotification(payload: unknown, origin: string) {
  const data = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  return {
    title: textOf(data.title, 'Rehabit', 60),
    options: {
      body: textOf(data.body, '', 200),
      icon: ICON,
      badge: ICON,
      tag: REMINDER_TAG,
      data: { url: openableUrl(data.url, origin) },
    },
  };
}

/** The open patient window a tap brings forward (one under the worker's scope), if any. */
export const patientWindowOf = <W extends { url: string }>(windows: readonly W[], origin: string): W | undefined =>
  windows.find((w) => {
    const url = new URL(w.url);
    return url.origin === origin && url.pathname.startsWith(PATIENT_WORKER_SCOPE);
  });
