import { type ReminderLanguage, VISIT_GRACE_SECONDS } from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { PushPayload, PushSender } from '../../lib/push.ts';
import type { Data } from '../data-access.ts';
import { pushToDevices } from '../reminders/push-delivery.ts';

/** Fixed words, as every notification's (decision 1365): a lock screen is not private, so no name and no care. */
const RING_WORDS: Record<ReminderLanguage, string> = {
  en: 'Your clinic is calling you for a video visit. Tap to answer.',
  es: 'Su clínica le está llamando para una videoconsulta. Toque para contestar.',
};

/** The notification that rings a visit on a phone whose app is closed: it opens the visit's page. */
export const ringPush = (language: ReminderLanguage, visitId: number, publicUrl: string): PushPayload => ({
  title: 'Rehabit',
  body: RING_WORDS[language],
  url: new URL(`/my/visit/${visitId}`, publicUrl).href,
});

type Deps = { clock: Clock; push: PushSender; publicUrl: string; log: Pick<FastifyBaseLogger, 'warn'> };

/**
 * Rings the patient's phones by push as well as over the socket (decision 1385): the app may be closed. The push
 * service keeps it no longer than the visit waits for an answer, and sends it at once. Best effort: a phone that
 * misses it still finds the call ringing when the app opens.
 */
export async function ringByPush(
  { clock, push, publicUrl, log }: Deps,
  data: Pick<Data, 'pushSubscriptions' | 'reminderSchedules'>,
  visit: { id: number; patientId: number },
) {
  if (!push.publicKey) return;
  try {
    // The language the patient reads their reminders in; English until they chose one.
    const language = (await data.reminderSchedules.find(visit.patientId))?.language ?? 'en';
    const message = { patientId: visit.patientId, payload: ringPush(language, visit.id, publicUrl) };
    const { taken, reasons } = await pushToDevices({ clock, push }, data, message, {
      ttlSeconds: VISIT_GRACE_SECONDS,
      urgency: 'high',
    });
    if (taken === 0 && reasons.length > 0) log.warn({ visitId: visit.id, reason: reasons[0] }, 'visit ring not pushed');
  } catch (err) {
    log.warn({ err, visitId: visit.id }, 'visit ring not pushed');
  }
}
