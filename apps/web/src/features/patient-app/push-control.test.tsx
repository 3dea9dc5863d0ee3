import { screen, within } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { defaultReminders, patientRoutes } from './patient-fixtures.ts';

// A P-256 public key's 65 bytes, base64url, as the server hands it out.
const SERVER_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example/device-1';
const subscriptionJson = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: `B${'Q'.repeat(86)}`, auth: 'A'.repeat(22) },
};

/** A browser that can push: a patient worker registered for /my/, and the permission the test gives. */
function phoneWithPush(permission: NotificationPermission, kept?: { keyedWith: string }) {
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: kept ? keyBytes(kept.keyedWith).buffer : null },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (kept ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager, active: {}, addEventListener: vi.fn(), update: vi.fn(async () => undefined) };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
      addEventListener: vi.fn(),
      controller: null,
    },
  });
  return { pushManager, requestPermission, subscription };
}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(`${base64url.replace(/-/g, '+').replace(/_/g, '/')}=`), (c) => c.charCodeAt(0));

const routes = () => ({
  ...patientRoutes(),
  'GET /api/v1/patient/reminders/': { body: { ...defaultReminders, push_public_key: SERVER_KEY } },
  'POST /api/v1/patient/reminders/push-devices/': { body: { push_devices: 1, channels: [] } },
  'POST /api/v1/patient/reminders/push-devices/remove/': { body: { push_devices: 0, channels: [] } },
});

describe('notifications on this phone (decision 1365)', () => {
  beforeEach(() => changeLanguage('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says why, asks the phone, subscribes with the server’s key, and then offers push as a channel', async () => {
    const phone = phoneWithPush('granted');
    const api = fixtureApi(routes());
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const card = await screen.findByRole('region', { name: 'Notifications on this phone' });
    expect(within(card).getByText(/never anything about your health/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Notification on my phone' })).not.toBeInTheDocument();

    await app.user.click(within(card).getByRole('button', { name: 'Turn on notifications' }));
    expect(await within(card).findByText(/Notifications are on for this phone/)).toBeInTheDocument();
    expect(phone.requestPermission).toHaveBeenCalledOnce();
    const [options] = phone.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(api.calls('POST /api/v1/patient/reminders/push-devices/')[0]!.body).toEqual(subscriptionJson);
    expect(await screen.findByRole('checkbox', { name: 'Notification on my phone' })).toBeInTheDocument();

    await app.user.click(within(card).getByRole('button', { name: 'Turn off notifications on this phone' }));
    expect(await within(card).findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patient/reminders/push-devices/remove/')[0]!.body).toEqual({ endpoint: ENDPOINT });
    expect(phone.subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('explains where to allow notifications when the phone blocks them, and sends nothing', async () => {
    const phone = phoneWithPush('denied');
    const api = fixtureApi(routes());
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const card = await screen.findByRole('region', { name: 'Notifications on this phone' });
    await app.user.click(within(card).getByRole('button', { name: 'Turn on notifications' }));
    expect(await within(card).findByText(/open your phone’s Settings, then Notifications/)).toBeInTheDocument();
    expect(phone.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls('POST /api/v1/patient/reminders/push-devices/')).toEqual([]);
  });

  it('says the browser refused when it will not subscribe, and the connection when the server cannot be reached', async () => {
    const phone = phoneWithPush('granted');
    phone.pushManager.subscribe.mockRejectedValueOnce(new DOMException('push service error', 'AbortError'));
    const api = fixtureApi({
      ...routes(),
      'POST /api/v1/patient/reminders/push-devices/': { status: 503, body: { status: 503, title: 'Unavailable' } },
    });
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const card = await screen.findByRole('region', { name: 'Notifications on this phone' });
    const turnOn = within(card).getByRole('button', { name: 'Turn on notifications' });

    await app.user.click(turnOn);
    expect(await within(card).findByText(/This browser did not turn on notifications/)).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patient/reminders/push-devices/')).toEqual([]);

    await app.user.click(turnOn);
    expect(await within(card).findByText(/Check your connection and try again/)).toBeInTheDocument();
    expect(within(card).queryByText(/This browser did not turn on notifications/)).not.toBeInTheDocument();
  });

  it('hands a subscription the phone kept to the server again, which then sends this patient’s reminders to it', async () => {
    const phone = phoneWithPush('granted', { keyedWith: SERVER_KEY });
    const api = fixtureApi(routes());
    renderApp('/my/reminders', { token: 'patient-token' });
    const card = await screen.findByRole('region', { name: 'Notifications on this phone' });
    expect(await within(card).findByText(/Notifications are on for this phone/)).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patient/reminders/push-devices/')[0]!.body).toEqual(subscriptionJson);
    expect(phone.subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('drops a subscription made with a key the server no longer has, and offers to turn notifications on', async () => {
    const phone = phoneWithPush('granted', { keyedWith: `B${'E'.repeat(86)}` });
    const api = fixtureApi(routes());
    renderApp('/my/reminders', { token: 'patient-token' });
    const card = await screen.findByRole('region', { name: 'Notifications on this phone' });
    expect(await within(card).findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(phone.subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(api.calls('POST /api/v1/patient/reminders/push-devices/')).toEqual([]);
  });

  it('is not offered where the browser cannot push, or the server has no key', async () => {
    fixtureApi(patientRoutes());
    renderApp('/my/reminders', { token: 'patient-token' });
    await screen.findByRole('form', { name: 'Reminders' });
    expect(screen.queryByRole('region', { name: 'Notifications on this phone' })).not.toBeInTheDocument();
  });
});
