/**
 * What the patient side's service worker keeps, and for whom (decision 1355): shared by the worker and the page, so
 * the page clears exactly what the worker caches. Free of imports and of the worker's types.
 */

/** The worker's script and scope: the patient's signed-in side only, never the staff portal nor the sign-in pages. */
export const PATIENT_WORKER_URL = '/patient-sw.js';
export const PATIENT_WORKER_SCOPE = '/my/';

export const TODAY_PATH = '/api/v1/patient/program/today/';

/** Today's program, the patient's "me" and the session's current user: all the frame needs to open offline. */
export const CACHED_API_PATHS = [TODAY_PATH, '/api/v1/patient/me/', '/api/v1/users/'] as const;

/** The posters (still pictures) of the videos, as the video host signs them. */
const POSTER_PATH = /^\/video-host\/poster\/[^/]+$/;

/** The caches that hold the signed-in patient's answers and pictures; sign-out deletes them. */
export const PATIENT_DATA_CACHE = 'rehabit-patient-data';
export const PATIENT_POSTER_CACHE = 'rehabit-patient-posters';
export const PATIENT_CACHES = [PATIENT_DATA_CACHE, PATIENT_POSTER_CACHE] as const;

/** The message a page sends a waiting worker when the patient chooses to reload into the new version. */
export const SKIP_WAITING = 'rehabit:skip-waiting';

/** Whether the worker keeps this answer: a GET of one of the listed API paths, with a session, on this origin. */
export function isCachedApiRequest(url: URL, request: { method: string; headers: Headers }, origin: string) {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    url.search === '' &&
    (CACHED_API_PATHS as readonly string[]).includes(url.pathname) &&
    request.headers.get('authorization')?.startsWith('Bearer ') === true
  );
}

/** Whether the worker keeps this picture: a video's poster from this origin's video host. */
export const isPosterRequest = (url: URL, request: { method: string }, origin: string) =>
  request.method === 'GET' && url.origin === origin && POSTER_PATH.test(url.pathname);

/**
 * The key an answer is kept under: its address and a digest of the session that asked, so an answer is only ever
 * found again with the same patient's session (another session on the same phone misses it).
 */
export async function sessionCacheKey(url: string, authorization: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const key = new URL(url);
  key.searchParams.set('session', hex.slice(0, 32));
  return key.toString();
}

/** A poster is kept by its video's file, whatever signature its link carries today. */
export const posterCacheKey = (url: string) => {
  const key = new URL(url);
  key.search = '';
  return key.toString();
};
