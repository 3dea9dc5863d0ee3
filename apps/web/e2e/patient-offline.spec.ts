import { expect, type Page, test } from '@playwright/test';
import { patientWithProgram, serverToday, signInByCode } from './patient-support.ts';
import { expectAccessible, signIn, snap } from './support.ts';

// The patient side as an installed app that works offline (decision 1355).

/** The paths the worker's caches hold, by cache. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      held[name] = keys.map((request) => new URL(request.url).pathname);
    }
    return held;
  });

test('the patient app installs, opens today’s program offline and sends a log made offline once', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(!isMobile, 'patients use their phones');
  test.setTimeout(120_000);
  const patient = await patientWithProgram(request, {
    firstName: 'Olga',
    lastNameStart: 'Away',
    birthday: '1952-06-01',
  });
  await signInByCode(page, patient.phone);
  const exercise = (title: string) => page.getByRole('article', { name: title });
  await expect(exercise(patient.titles[0]!)).toBeVisible();

  // The patient's pages link the app's manifest: the patient's side only, opening on Today.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/my/manifest.webmanifest');
  const manifest = await request.get('/my/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(await manifest.json()).toMatchObject({ start_url: '/my/today', scope: '/my/', display: 'standalone' });
  const worker = await request.get('/patient-sw.js');
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The worker installs for /my/ alone, and keeps today's program at once: the app opens offline from the first visit.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/my/today');
        return registration?.active ? registration.scope : null;
      }),
    )
    .toMatch(/\/my\/$/);
  await expect
    .poll(async () => (await cachedPaths(page))['rehabit-patient-data'] ?? [], { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['/api/v1/patient/program/today/', '/api/v1/users/']));

  // Offline, the app opens again: today's program from the last answer, and a notice that says so.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(exercise(patient.titles[0]!)).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/patient-sw\.js$/);
  // The exercises' posters show from the phone too.
  expect((await cachedPaths(page))['rehabit-patient-posters']?.length).toBe(2);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'patient-today-offline-app');

  // A set logged offline waits on the phone; the server has nothing of it yet.
  const second = exercise(patient.titles[1]!);
  await second.getByRole('button', { name: 'Mark set 1 done' }).click();
  await expect(second.getByText('Kept on this phone. It will be sent when you are back online.')).toBeVisible();
  expect((await serverToday(page, request)).items[1]).toMatchObject({ done_today: 0 });

  // Back online: the notice goes, the log is sent, and the server has it once, however often the page asks again.
  await page.context().setOffline(false);
  await expect(second.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeHidden();
  await page.reload();
  await expect(second.getByText('1 set done')).toBeVisible();
  await page.waitForTimeout(1500);
  expect((await serverToday(page, request)).items[1]).toMatchObject({ done_today: 1, last_log: { sets_done: 1 } });

  // Nothing but today's program, the patient's "me", the current user and posters was ever kept.
  const held = await cachedPaths(page);
  for (const path of held['rehabit-patient-data'] ?? []) {
    expect(['/api/v1/patient/program/today/', '/api/v1/patient/me/', '/api/v1/users/']).toContain(path);
  }
  for (const path of held['rehabit-patient-posters'] ?? []) expect(path).toMatch(/^\/video-host\/poster\//);
  for (const [name, paths] of Object.entries(held)) {
    if (name.includes('precache')) expect(paths.filter((path) => path.startsWith('/api/'))).toEqual([]);
  }

  // The browser's install offer becomes a small button in the frame; "Not now" puts it away for good.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(page.getByRole('button', { name: 'Install the app' })).toBeVisible();
  await snap(page, 'patient-today-install-offer');
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('button', { name: 'Install the app' })).toBeHidden();

  // A push reminder reaching the phone shows as a notification with the reminder's fixed words (decision 1365). No
  // browser's push service is reachable here: the message is handed to the worker as the browser would, through
  // its DevTools protocol.
  await page.context().grantPermissions(['notifications']);
  const devtools = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const patientWorker = registrations.find((r) => r.scopeURL.endsWith('/my/') && !r.isDeleted);
      if (patientWorker) resolve(patientWorker.registrationId);
    }),
  );
  await devtools.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const reminder = { title: 'Rehabit', body: 'A friendly reminder for today.', url: `${origin}/my/today` };
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(reminder),
  });
  const notifications = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/my/');
      return (await registration!.getNotifications()).map((n) => [n.title, n.body, n.data.url]);
    });
  await expect.poll(notifications).toEqual([[reminder.title, reminder.body, reminder.url]]);

  // Sign-out leaves nothing of the patient in the caches; the app's code stays.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/patient\/login$/);
  await expect
    .poll(async () => Object.keys(await cachedPaths(page)).filter((name) => name.startsWith('rehabit-patient')))
    .toEqual([]);

  // The staff portal is never controlled by the worker, has no manifest, and its answers are never kept.
  await signIn(page, 'therapist@example.com', 'rehabit-demo-1');
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/login')) ?? null)).toBeNull();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  await page.goto('/login');
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  const afterStaff = await cachedPaths(page);
  expect(
    Object.values(afterStaff)
      .flat()
      .filter((path) => path.startsWith('/api/')),
  ).toEqual([]);
});
