/**
 * GET requests a page starts before its code has loaded (decision 1121): the first screen's data then travels while
 * the JavaScript downloads and compiles, instead of after it. The API client takes such a response when it asks for
 * the same address with the same token, once, and only while it is fresh. Kept free of imports so the page's first,
 * tiny script can start them.
 */
const FRESH_MS = 10_000;

type Early = { token: string; startedAt: number; response: Promise<Response> };
const started = new Map<string, Early>();

/** The address the API client asks for `path` (same base, same form). */
export function earlyUrl(path: string): string {
  const base = String(import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '') || window.location.origin;
  return new URL(`${base}${path}`).toString();
}

/** Starts `paths` with the session's token, as the API client would send them. */
export function startEarly(paths: string[], token: string) {
  for (const path of paths) {
    const response = fetch(earlyUrl(path), {
      headers: { Accept: 'application/json, application/problem+json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    // A failure is seen by the API client when it takes the response; none is reported twice.
    response.catch(() => undefined);
    started.set(earlyUrl(path), { token, startedAt: performance.now(), response });
  }
}

/** Forgets every early response: after a change the screen's data may differ from what they carry. */
export function dropEarly() {
  started.clear();
}

/** The response started early for `url` with `token`, handed out once; undefined when none is fresh. */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  const isFresh = performance.now() - early.startedAt < FRESH_MS;
  return isFresh && early.token === token ? early.response : undefined;
}
