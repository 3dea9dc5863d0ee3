// The patient side's service worker (decision 1355). It opens the patient's signed-in pages offline: their code and
// page are precached at install, and today's program, the patient's "me", the signed-in account and the videos'
// posters are kept as they are fetched, per session. Nothing else is cached; the staff portal is outside its scope and
// never reaches it. Push reminders are shown, and a tap opens the patient's Today (decision 1365).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  isCachedApiRequest,
  isPosterRequest,
  PATIENT_DATA_CACHE,
  PATIENT_POSTER_CACHE,
  PATIENT_WORKER_SCOPE,
  posterCacheKey,
  SKIP_WAITING,
  sessionCacheKey,
} from './patient-caches.ts';
import { openableUrl, patientWindowOf, reminderNotification } from './patient-push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const origin = self.location.origin;

// Registered for any other scope (a mistake in a page), the worker refuses to install: it never controls staff pages.
self.addEventListener('install', (event) => {
  if (new URL(self.registration.scope).pathname !== PATIENT_WORKER_SCOPE) {
    event.waitUntil(Promise.reject(new Error(`The patient worker only installs for ${PATIENT_WORKER_SCOPE}`)));
  }
});

// A new version waits until the app is next opened, or until the patient chooses "Reload" (the page asks for it).
self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING) void self.skipWaiting();
});
// The first install takes the open patient pages in its scope (not the sign-in's, outside it: the page keeps its first
// answers itself), so their next fetches are kept already.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The patient side's code and page (the build lists them), kept at install and replaced with a new version.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The patient's pages open offline from the precached page; the router then draws the screen.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: [/^\/my\//] }));

// Today, "me" and the current user: from the network first (the latest), from the last answer when offline.
registerRoute(
  ({ url, request }) => isCachedApiRequest(url, request, origin),
  new NetworkFirst({
    cacheName: PATIENT_DATA_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 12, maxAgeSeconds: 14 * 24 * 3600 }),
      {
        cacheKeyWillBeUsed: async ({ request }) =>
          sessionCacheKey(request.url, request.headers.get('authorization') ?? ''),
      },
    ],
  }),
);

// Posters: a video's picture does not change, so the kept one serves at once.
registerRoute(
  ({ url, request }) => isPosterRequest(url, request, origin),
  new CacheFirst({
    cacheName: PATIENT_POSTER_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 }),
      { cacheKeyWillBeUsed: async ({ request }) => posterCacheKey(request.url) },
    ],
  }),
);

// A push reminder (decision 1365): shown as the server wrote it; a message that cannot be read still shows plainly.
self.addEventListener('push', (event) => {
  let payload: unknown;
  try {
    payload = event.data?.json();
  } catch {
    payload = undefined;
  }
  const { title, options } = reminderNotification(payload, origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

// A tap brings the open patient window forward on the reminder's page, or opens it; never another site's page.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = openableUrl((event.notification.data as { url?: unknown } | null)?.url, origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = patientWindowOf(windows, origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
