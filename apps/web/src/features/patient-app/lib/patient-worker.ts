import {
  CACHED_API_PATHS,
  PATIENT_CACHES,
  PATIENT_DATA_CACHE,
  PATIENT_POSTER_CACHE,
  PATIENT_WORKER_SCOPE,
  PATIENT_WORKER_URL,
  posterCacheKey,
  SKIP_WAITING,
  sessionCacheKey,
  TODAY_PATH,
} from '@web/service-worker/patient-caches.ts';

/**
 * The patient side's service worker, seen from the page (decision 1355): registered by the signed-in patient's frame
 * for /my/ only, a new version offered once it waits, and the patient's cached answers deleted at sign-out.
 */
type Container = Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'>;

/** How long an open app goes without asking the server for a new version (an app left open for days). */
export const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the worker and calls `onWaiting` when a new version waits to take over (now, or once it has installed),
 * and `onFirstInstall` once a first version is active: the page that installed it is not its client (it was opened at
 * the sign-in's address), so what it has fetched is not kept yet.
 */
export async function registerPatientWorker(
  container: Container,
  {
    onWaiting,
    onFirstInstall,
  }: { onWaiting: (registration: ServiceWorkerRegistration) => void; onFirstInstall: () => void },
) {
  const registration = await container.register(PATIENT_WORKER_URL, { scope: PATIENT_WORKER_SCOPE });
  const offerIfWaiting = () => {
    // A worker waiting while another controls the page is a new version; the first install never waits.
    if (registration.waiting && container.controller) onWaiting(registration);
  };
  const isFirstInstall = !registration.active;
  offerIfWaiting();
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offerIfWaiting();
      if (worker.state === 'activated' && isFirstInstall) onFirstInstall();
    });
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  return registration;
}

/** The posters' links in an answer of Today (its exercises' videos). */
export const postersOf = (today: unknown): string[] => {
  const items = (today as { items?: { video?: { poster_url?: string | null } | null }[] } | null)?.items ?? [];
  return items.flatMap((item) => (item.video?.poster_url ? [item.video.poster_url] : []));
};

/**
 * Keeps today's program, the patient's "me", the current user and today's posters as the worker would have (same
 * caches, same keys), fetched once with the session's token: the first visit then opens offline too.
 */
export async function keepFirstAnswers(token: string, origin = window.location.origin) {
  const [data, posters] = await Promise.all([caches.open(PATIENT_DATA_CACHE), caches.open(PATIENT_POSTER_CACHE)]);
  const authorization = `Bearer ${token}`;
  await Promise.all(
    CACHED_API_PATHS.map(async (path) => {
      const url = new URL(path, origin).toString();
      const response = await fetch(url, { headers: { Accept: 'application/json', Authorization: authorization } });
      if (response.status !== 200) return;
      if (path === TODAY_PATH) {
        const links = postersOf(await response.clone().json()).map((link) => new URL(link, origin));
        await Promise.all(
          links
            .filter((link) => link.origin === origin)
            .map(async (link) => {
              const poster = await fetch(link);
              if (poster.status === 200) await posters.put(posterCacheKey(link.toString()), poster);
            }),
        );
      }
      await data.put(await sessionCacheKey(url, authorization), response);
    }),
  );
}

/** The patient chose "Reload": the waiting version takes over, and the page reloads once it has. */
export function applyUpdate(
  container: Pick<ServiceWorkerContainer, 'addEventListener'>,
  registration: ServiceWorkerRegistration,
  reload: () => void = () => window.location.reload(),
) {
  // Already taken over (from another tab of the app): the page only has to load the new version.
  if (!registration.waiting) return reload();
  container.addEventListener('controllerchange', reload, { once: true });
  registration.waiting.postMessage(SKIP_WAITING);
}

/** Deletes what the worker kept of the signed-in patient (answers and posters); the app's code stays. */
export async function clearPatientCaches(storage: Pick<CacheStorage, 'delete'> | undefined = globalThis.caches) {
  if (!storage) return;
  await Promise.all(PATIENT_CACHES.map((name) => storage.delete(name)));
}
