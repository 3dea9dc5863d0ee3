import { type PushDevices, type PushSubscriptionBody, reminderEndpoints } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { call } from '@web/lib/api-client.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patientRegistration, turnOffThisDevice } from '../../lib/push-device.ts';

/** Where this phone stands: not offered (no push here, or none on the server), off, on, or blocked by the patient. */
type State = 'checking' | 'unavailable' | 'off' | 'on' | 'blocked';

/** The server's key as the browser takes it (`applicationServerKey`): bytes, from base64url. */
const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * The phone's subscription as the server should have it: one made with another key (the server's keys changed) is
 * dropped; one kept is handed to the server again, which then sends this patient's reminders to it (a phone another
 * patient used, who could not turn it off at sign-out, is moved to the one signed in). Offline, the phone's word
 * stands until the next visit.
 */
async function confirmed(kept: PushSubscription | null, publicKey: string) {
  if (!kept) return null;
  if (!sameBytes(kept.options?.applicationServerKey, keyBytes(publicKey))) {
    await kept.unsubscribe().catch(() => undefined);
    return null;
  }
  await call(reminderEndpoints.subscribePush, { body: kept.toJSON() as PushSubscriptionBody }).catch(() => undefined);
  return kept;
}

/** The browser itself would not subscribe (no push service, private browsing): retrying will not help. */
class BrowserRefusal extends Error {}

/**
 * "Notifications on this phone" (decision 1365): says why before the phone asks for permission, subscribes with the
 * server's key and hands the subscription to the server; turning it off does the reverse. Blocked notifications are
 * explained with where to allow them. Shown only where the browser can push and the server has a key.
 */
export function PushControl({
  publicKey,
  onChanged,
}: {
  publicKey: string | null;
  onChanged: (devices: PushDevices) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('checking');
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [isBusy, setBusy] = useState(false);
  /** What went wrong last: the browser would not subscribe, or the server could not be reached. */
  const [failure, setFailure] = useState<'browser' | 'server' | null>(null);

  useEffect(() => {
    let isCurrent = true;
    (async () => {
      const registration = publicKey ? await patientRegistration() : undefined;
      const kept =
        registration && publicKey ? await confirmed(await registration.pushManager.getSubscription(), publicKey) : null;
      if (!isCurrent) return;
      setSubscription(kept);
      if (!registration) setState('unavailable');
      else setState(kept ? 'on' : Notification.permission === 'denied' ? 'blocked' : 'off');
    })().catch(() => isCurrent && setState('unavailable'));
    return () => {
      isCurrent = false;
    };
  }, [publicKey]);

  const working = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (err) {
      setFailure(err instanceof BrowserRefusal ? 'browser' : 'server');
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    working(async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const registration = await patientRegistration();
      if (!registration || !publicKey) throw new Error('no worker');
      const made = await registration.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
        .catch(() => {
          throw new BrowserRefusal();
        });
      const body = made.toJSON() as PushSubscriptionBody;
      onChanged(await call(reminderEndpoints.subscribePush, { body }));
      setSubscription(made);
      setState('on');
    });

  const turnOff = () =>
    working(async () => {
      if (subscription) onChanged(await turnOffThisDevice(subscription));
      setSubscription(null);
      setState('off');
    });

  if (state === 'checking' || state === 'unavailable') return null;
  return (
    <section className="pa-card pa-reminders__group" aria-labelledby="pa-push-title">
      <h2 id="pa-push-title" className="pa-card__title">
        {t('reminders.pushTitle')}
      </h2>
      {state === 'off' && <p className="pa-muted">{t('reminders.pushWhy')}</p>}
      {state === 'on' && <p role="status">{t('reminders.pushOn')}</p>}
      {state === 'blocked' && <Alert tone="warning">{t('reminders.pushBlocked')}</Alert>}
      {failure && (
        <Alert tone="danger">{t(failure === 'browser' ? 'reminders.pushRefused' : 'reminders.pushFailed')}</Alert>
      )}
      {state === 'off' && (
        <Button type="button" variant="secondary" isLoading={isBusy} onClick={turnOn}>
          {t('reminders.pushTurnOn')}
        </Button>
      )}
      {state === 'on' && (
        <Button type="button" variant="secondary" isLoading={isBusy} onClick={turnOff}>
          {t('reminders.pushTurnOff')}
        </Button>
      )}
    </section>
  );
}
